import { startTransition, useEffect, useMemo, useState } from 'react';
import type { TableSort } from '#app/components/ui/tableData';
import { Cancelled, runNow, runSliced } from '#app/lib/timeSlice';
import type { Session } from '#shared/sessions/session';
import { buildSessionIndex, type SessionIndex } from './sessionIndex.ts';

/** Up to this many rows the index is built during the render (a few milliseconds), so it never lags a frame. */
const BUILD_AT_ONCE = 2000;

/**
 * The session browser's sorted, indexed rows. A long list is indexed in slices when its rows, the order or the
 * extra patient change (undefined until the first is built; an older index stays shown while the next is built),
 * and newer rows cancel a build still running: a sync that delivers 100,000 rows in steps never makes a long task.
 */
export function useSessionIndex(
  rows: readonly Session[],
  sort: TableSort,
  extra: readonly { id: string; label: string }[],
): SessionIndex | undefined {
  const atOnce = rows.length <= BUILD_AT_ONCE;
  const immediate = useMemo(
    () => (atOnce ? runNow(buildSessionIndex(rows, sort, extra)) : undefined),
    [atOnce, rows, sort, extra],
  );
  const [sliced, setSliced] = useState<SessionIndex | undefined>(undefined);
  useEffect(() => {
    if (atOnce) return;
    let cancelled = false;
    runSliced(buildSessionIndex(rows, sort, extra), () => cancelled)
      // As a transition: React renders the screen with the new index in slices too, giving the main thread back
      // every few milliseconds. An ordinary update rendered the filter panel and the table in one long task
      // (render and commit) when the first page of a sync arrived and at each later notice.
      .then((index) => startTransition(() => setSliced(index)))
      .catch((error: unknown) => {
        if (!(error instanceof Cancelled)) throw error;
      });
    return () => {
      cancelled = true;
    };
  }, [atOnce, rows, sort, extra]);
  return immediate ?? sliced;
}
