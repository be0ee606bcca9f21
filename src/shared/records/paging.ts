import { z } from 'zod';
import { NEXT_CURSOR_HEADER, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from './pageLimits.ts';

export { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX };

/**
 * A long list comes in pages: `limit` rows at most, and `nextCursor` to ask for the next page (null on the last).
 * The cursor is opaque: a client sends it back unchanged, with the same other parameters.
 */
export const pageQueryFields = {
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(PAGE_LIMIT_MAX, `limit must be at most ${String(PAGE_LIMIT_MAX)}`)
    .optional()
    .describe(`Rows per page (default ${String(PAGE_LIMIT_DEFAULT)}, at most ${String(PAGE_LIMIT_MAX)})`),
  cursor: z
    .string()
    .max(1000, 'cursor is not valid')
    .optional()
    .describe('The nextCursor of the previous page, unchanged'),
};

export const pageAnswerFields = {
  nextCursor: z
    .string()
    .nullable()
    .describe(
      'Ask again with this cursor for the next page; null on the last page. Every page of one listing has the serverTime of the first.',
    ),
};

/** The headers of a list page's answer: its nextCursor again, readable before the body arrives. */
export const pageAnswerHeaders = {
  [NEXT_CURSOR_HEADER]: z
    .string()
    .describe("The page's nextCursor, sent before the body (absent on the last page): ask for the next page at once."),
};
