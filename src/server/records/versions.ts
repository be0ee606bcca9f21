import type { Clock } from '#server/clock';
import type { Db } from '#server/db/connect';
import { conflict, type HttpError } from '#server/http/errors';
import { MESSAGES } from '#shared/messages';
import type { SubSessionId } from '#shared/ids/ids';

/**
 * The next DateModified of a record: now, but always later than the version it replaces, so that two edits in the
 * same millisecond still get different versions and delta sync sees the second.
 */
export function nextVersion(clock: Clock, previous?: string): string {
  const now = clock().getTime();
  const after = previous === undefined ? 0 : Date.parse(previous) + 1;
  return new Date(Math.max(now, after)).toISOString();
}

/** 409 with the current record when an edit started from an older version (docs/design.md Data flow 3). */
export function staleEdit(current: unknown): HttpError {
  return conflict(MESSAGES.staleEdit, { current });
}

/**
 * Gives a recording a new version after a background job changed its files (a blurred video, measured joint data),
 * so client mirrors fetch the row with their next delta. Run in the transaction that changed them.
 */
export async function bumpRecordingVersion(trx: Db, clock: Clock, subSessionId: SubSessionId): Promise<void> {
  const recording = await trx
    .selectFrom('sub_sessions')
    .select('date_modified')
    .where('id', '=', subSessionId)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('sub_sessions')
    .set({ date_modified: nextVersion(clock, recording.date_modified) })
    .where('id', '=', subSessionId)
    .execute();
}
