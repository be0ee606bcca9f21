import { memo, useCallback, useLayoutEffect, useRef } from 'react';
import { IconButton } from './IconButton.tsx';
import { ChevronLeftIcon, ChevronRightIcon, FirstPageIcon, LastPageIcon } from './icons.tsx';

export type PagerProps = {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark when a screen has more than one table. */
  label?: string;
};

// Made once: a new icon element on each render would render the memoised buttons again whenever the pager renders.
const FIRST = <FirstPageIcon />;
const PREVIOUS = <ChevronLeftIcon />;
const NEXT = <ChevronRightIcon />;
const LAST = <LastPageIcon />;

/** Previous/next paging with the page count (docs/spec.md §9: 25 rows per page). */
export const Pager = memo(function Pager({ page, pageCount, onPageChange, label = 'Pages' }: PagerProps) {
  const atStart = page <= 1;
  const atEnd = page >= pageCount;
  // Stable handlers keep the memoised buttons from rendering again when only the page count changes (a filter).
  const first = useCallback(() => onPageChange(1), [onPageChange]);
  const previous = useCallback(() => onPageChange(page - 1), [onPageChange, page]);
  const next = useCallback(() => onPageChange(page + 1), [onPageChange, page]);
  // The last page is read when pressed: a filter change that alters the page count does not render its button again.
  const pageCountNow = useRef(pageCount);
  useLayoutEffect(() => {
    pageCountNow.current = pageCount;
  });
  const last = useCallback(() => onPageChange(pageCountNow.current), [onPageChange]);
  return (
    <nav aria-label={label} className="pager">
      <IconButton aria-label="First page" isDisabled={atStart} onPress={first}>
        {FIRST}
      </IconButton>
      <IconButton aria-label="Previous page" isDisabled={atStart} onPress={previous}>
        {PREVIOUS}
      </IconButton>
      {/* Announced when it changes, so a screen reader user hears where the buttons went. */}
      <span className="pager__status" aria-live="polite">
        Page {page} of {pageCount}
      </span>
      <IconButton aria-label="Next page" isDisabled={atEnd} onPress={next}>
        {NEXT}
      </IconButton>
      <IconButton aria-label="Last page" isDisabled={atEnd} onPress={last}>
        {LAST}
      </IconButton>
    </nav>
  );
});
