import { z } from 'zod';

/** A deleted record, so that a client mirror can drop it. */
const tombstoneSchema = z.object({ id: z.string(), DateModified: z.string() }).meta({ id: 'Tombstone' });
export type Tombstone = z.infer<typeof tombstoneSchema>;

/**
 * Every list accepts `modifiedSince` (an ISO time) and then returns only records changed after it, plus `deleted`
 * tombstones; `serverTime` is the time to ask from next (a client should overlap a little to cover clock skew).
 */
export const modifiedSinceSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/, 'modifiedSince must be an ISO time in UTC')
  .optional();

/** The fields a list answer adds for delta sync: the tombstones since `modifiedSince`, and the time to ask from next. */
export const deltaFieldsSchema = {
  deleted: z.array(tombstoneSchema).describe('Records deleted after modifiedSince (empty without it)'),
  serverTime: z.string().describe('The time to send as modifiedSince next'),
};

/** Header that makes a write safe to replay: a repeated key returns the first answer and changes nothing. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
