import { searchParamsOf, type QueuedCall, type StagedFileCall } from '#app/lib/apiCall';
import type { OutboxEntry } from './db.ts';

const namesStagedFile = (call: QueuedCall): call is StagedFileCall => call === 'uploadSessionFile';

/**
 * What an entry's POST carries: its body as JSON, or, for a call naming a file the outbox staged first, its fields on
 * the address and no body at all (a body there would be the file itself).
 */
export function entryRequest(
  entry: Pick<OutboxEntry, 'call' | 'body'>,
): { json: Record<string, unknown> } | { searchParams: Record<string, string> } {
  return namesStagedFile(entry.call) ? { searchParams: searchParamsOf(entry.body) } : { json: entry.body };
}
