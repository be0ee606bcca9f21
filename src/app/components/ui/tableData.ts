/** Sorting and paging for list screens; pure, so 100k mirrored rows can be tested without a DOM. */

type SortDirection = 'ascending' | 'descending';
export type TableSort = { column: string; direction: SortDirection };
export type SortValue = string | number | boolean | null | undefined;

/** docs/spec.md §9: every list shows 25 rows per page. */
export const PAGE_SIZE = 25;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

const isEmpty = (value: SortValue): boolean => value === null || value === undefined || value === '';

/** Ascending order of two cell values; numbers numerically, text as people read it ('Patient 2' before 'Patient 10'). */
export function compareValues(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

/**
 * A sorted copy. Empty cells go last in both directions, so that flipping the order of a column
 * never puts a page of blanks first. The sort is stable: equal rows keep their order.
 */
export function sortRows<T>(rows: readonly T[], sort: TableSort, valueOf: (row: T, column: string) => SortValue): T[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const keyed = rows.map((row) => ({ row, value: valueOf(row, sort.column) }));
  keyed.sort((x, y) => {
    const emptyX = isEmpty(x.value);
    const emptyY = isEmpty(y.value);
    if (emptyX || emptyY) return Number(emptyX) - Number(emptyY);
    return sign * compareValues(x.value, y.value);
  });
  return keyed.map((entry) => entry.row);
}

export type Page<T> = { rows: T[]; page: number; pageCount: number };

/** The rows of one page; a page past the end (rows were deleted or filtered away) shows the last one. */
export function pageOf<T>(rows: readonly T[], requestedPage: number, pageSize = PAGE_SIZE): Page<T> {
  const pageCount = Math.max(1, Math.ceil(rows.length / pageSize));
  const page = Math.min(Math.max(1, Math.floor(requestedPage)), pageCount);
  const start = (page - 1) * pageSize;
  return { rows: rows.slice(start, start + pageSize), page, pageCount };
}

/** Case-insensitive match of every word of a search against any of a row's texts. */
export function matchesSearch(search: string, texts: readonly (string | null | undefined)[]): boolean {
  const words = search.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = texts.filter(Boolean).join('\n').toLocaleLowerCase();
  return words.every((word) => haystack.includes(word));
}
