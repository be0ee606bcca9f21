/**
 * Rows a list page holds when the caller names no limit, and the most it may ask for. Apart from the page schemas
 * (paging.ts) so that the app's sync can read them without loading zod.
 */
export const PAGE_LIMIT_DEFAULT = 1000;
export const PAGE_LIMIT_MAX = 5000;
