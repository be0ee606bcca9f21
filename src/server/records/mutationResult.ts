import type { WriteResult } from '#server/http/idempotency';

/** The spec's success shape (§7: result, returnValue), with the record's id and new version for the client mirror. */
export function success(fields: Record<string, unknown>): WriteResult {
  return { status: 200, body: { result: 'success', returnValue: 0, ...fields } };
}
