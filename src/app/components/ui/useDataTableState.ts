import { useState } from 'react';
import { pageOf, PAGE_SIZE, type Page } from './tableData.ts';

export type DataTableState<T> = Page<T> & {
  setPage: (page: number) => void;
  expanded: ReadonlySet<string>;
  toggleExpanded: (id: string) => void;
};

/** The page shown and the expanded rows; a new `resetPageOn` value (a search, a filter) returns to page 1. */
export function useDataTableState<T>(
  rows: readonly T[],
  resetPageOn: unknown,
  pageSize = PAGE_SIZE,
): DataTableState<T> {
  const [requestedPage, setPage] = useState(1);
  const [resetKey, setResetKey] = useState(resetPageOn);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  // Adjusting state while rendering (React's documented pattern) avoids one frame of the stale page.
  if (!Object.is(resetKey, resetPageOn)) {
    setResetKey(resetPageOn);
    setPage(1);
  }
  const toggleExpanded = (id: string): void =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return { ...pageOf(rows, requestedPage, pageSize), setPage, expanded, toggleExpanded };
}
