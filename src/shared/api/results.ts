import { z } from 'zod';

/** The result shape of add/update/remove calls (spec §7: result, returnValue, error). */
export const mutationResultSchema = z.object({
  result: z.literal('success').optional(),
  returnValue: z.union([z.number(), z.string()]).optional(),
  error: z.string().optional(),
});
export type MutationResult = z.infer<typeof mutationResultSchema>;

export const errorBodySchema = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;
