import type { Session } from '#shared/sessions/session';
import type { NumberRange } from './sessionFilter.ts';

export type NumberBounds = { sessionNumbers: NumberRange; subSessionNumbers: NumberRange };

/** A slider track needs two distinct ends; one session (or none) still gets a usable track. */
const track = (min: number, max: number): NumberRange => (min > max ? [0, 1] : [min, Math.max(max, min + 1)]);

/** docs/spec.md §9: the session and sub-session sliders span the numbers the data holds. */
export function numberBounds(rows: readonly Session[]): NumberBounds {
  let minSession = Infinity;
  let maxSession = -Infinity;
  let minSub = Infinity;
  let maxSub = -Infinity;
  for (const { SessionNumber, SubSessionNumber } of rows) {
    if (SessionNumber < minSession) minSession = SessionNumber;
    if (SessionNumber > maxSession) maxSession = SessionNumber;
    if (SubSessionNumber < minSub) minSub = SubSessionNumber;
    if (SubSessionNumber > maxSub) maxSub = SubSessionNumber;
  }
  return { sessionNumbers: track(minSession, maxSession), subSessionNumbers: track(minSub, maxSub) };
}

/** A chosen range as the filter keeps it: null when it covers the whole track, so it does not count as a filter. */
export function rangeFilter(range: NumberRange, bounds: NumberRange): NumberRange | null {
  return range[0] <= bounds[0] && range[1] >= bounds[1] ? null : range;
}

/** What a slider shows for a filter: the chosen range kept inside the current track, or the whole track. */
export function shownRange(range: NumberRange | null, bounds: NumberRange): [number, number] {
  if (range === null) return [bounds[0], bounds[1]];
  const low = Math.min(Math.max(range[0], bounds[0]), bounds[1]);
  return [low, Math.max(low, Math.min(range[1], bounds[1]))];
}
