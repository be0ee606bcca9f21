import { z } from 'zod';

/** The result shape of add/update/remove calls (docs/spec.md §7: result, returnValue, error). */
export const mutationResultSchema = z.object({
  result: z.literal('success').optional(),
  returnValue: z.union([z.number(), z.string()]).optional(),
  error: z.string().optional(),
});
export type MutationResult = z.infer<typeof mutationResultSchema>;

export const errorBodySchema = z.object({ error: z.string() });

/** The answer of a change the server made (docs/spec.md §7: result 'success', returnValue 0), with what the client needs. */
export const writeAnswer = <F extends z.ZodRawShape>(fields: F) =>
  z.object({ result: z.literal('success'), returnValue: z.literal(0), ...fields });

/** The answer of an edit that started from an older version: nothing was written; here is the record as it is now. */
export const staleEditAnswer = <R extends z.ZodType>(record: R) =>
  errorBodySchema.extend({
    current: record.optional().describe('The record as it is now, when the conflict is a stale edit'),
  });
