import type { IdempotentCall, Reply } from '#shared/api/calls';
import type { WriteResult } from '#server/http/idempotency';

/**
 * The specification's (docs/spec.md) success answer of a change (result 'success', returnValue 0) with what the client needs, typed by the
 * call's answer in the call map, so a change that answers a field its call does not promise fails to compile.
 */
export function success<K extends IdempotentCall>(
  _call: K,
  fields: Omit<Reply<K>, 'result' | 'returnValue'>,
): WriteResult {
  return { status: 200, body: { result: 'success', returnValue: 0, ...fields } };
}
