import type { Clock } from '#server/clock';
import { conflict, type HttpError } from '#server/http/errors';
import { MESSAGES } from '#shared/messages';

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
