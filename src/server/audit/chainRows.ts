import type { Selectable } from 'kysely';
import type { DbHandle } from '#server/db/connect';
import type { AuditLogTable } from '#server/db/schema';
import { auditHash, type AuditEvent, type AuditOutcome } from './auditHash.ts';

export type StoredAuditRow = Selectable<AuditLogTable>;

/** The trail's rows after `afterId`, in id order, read a page at a time so that a long trail is never held whole. */
export async function* trailRows({ db }: DbHandle, afterId: number, pageSize: number): AsyncGenerator<StoredAuditRow> {
  let after = afterId;
  for (;;) {
    const page = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('id', '>', after)
      .orderBy('id')
      .limit(pageSize)
      .execute();
    yield* page;
    const last = page.at(-1);
    if (last === undefined || page.length < pageSize) return;
    after = last.id;
  }
}

/**
 * What is wrong with one row, if anything: its link to the row before, and its hash under `key`. A key of null
 * checks a plain SHA-256 (rows from before the key existed); `links only` checks the link alone (rows sealed by a
 * key that was lost and replaced by `audit:rekey`, which nobody can check any more).
 */
export function rowFault(row: StoredAuditRow, prevHash: string, key: Buffer | null | 'links only'): string | undefined {
  if (row.prev_hash !== prevHash) return 'does not link to the row before it (a row was removed or reordered)';
  if (key === 'links only') return undefined;
  const event: AuditEvent = {
    userId: row.user_id,
    role: row.role,
    action: row.action,
    target: row.target,
    outcome: row.outcome as AuditOutcome,
    address: row.address,
  };
  if (auditHash(key, row.at, event, row.prev_hash) !== row.hash)
    return 'its content does not match its keyed hash (the row was altered or re-hashed)';
  return undefined;
}
