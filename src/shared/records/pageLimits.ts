/**
 * Rows a list page holds when the caller names no limit, and the most it may ask for. Apart from the page schemas
 * (paging.ts) so that the app's sync can read them without loading zod.
 */
export const PAGE_LIMIT_DEFAULT = 1000;
export const PAGE_LIMIT_MAX = 5000;

/**
 * The response header that repeats a page's nextCursor (absent on the last page). Headers arrive before the body, so a
 * client can ask for the next page while this one is still downloading and being read; the body's nextCursor stays
 * the one to trust, and the two are the same.
 */
export const NEXT_CURSOR_HEADER = 'Next-Cursor';
