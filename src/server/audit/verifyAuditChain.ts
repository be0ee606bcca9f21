import type { DbHandle } from '#server/db/connect';
import { readCheckpoint, type AuditSeal } from './auditSeal.ts';
import { auditHash, GENESIS_HASH, type AuditEvent, type AuditOutcome } from './auditHash.ts';

export type ChainCheck =
  { ok: true; rows: number; anchoredRows: number } | { ok: false; rows: number; brokenAt: number; reason: string };

/**
 * Walks the whole trail in order, in pages, checking each row's link to the one before and its keyed hash; then
 * compares the chain with the checkpoint kept outside the database. A changed row fails its hash (and cannot be
 * re-hashed without the key); a removed row breaks a link; a removed tail leaves the checkpoint's head missing.
 */
export async function verifyAuditChain(handle: DbHandle, seal: AuditSeal, pageSize = 5000): Promise<ChainCheck> {
  const found = readCheckpoint(seal);
  if (found.status === 'forged') {
    return { ok: false, rows: 0, brokenAt: 0, reason: 'the checkpoint does not match the audit key (it was altered)' };
  }
  const checkpoint = found.status === 'ok' ? found.checkpoint : undefined;
  const keyedFrom = checkpoint?.keyedFrom ?? 1;
  let prevHash = GENESIS_HASH;
  let afterId = 0;
  let rows = 0;
  let anchoredRows = 0;
  let headSeen = checkpoint === undefined || checkpoint.headId === 0;
  for (;;) {
    const page = await handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(pageSize)
      .execute();
    for (const row of page) {
      rows += 1;
      const broken = (reason: string): ChainCheck => ({ ok: false, rows, brokenAt: row.id, reason });
      if (row.prev_hash !== prevHash)
        return broken('does not link to the row before it (a row was removed or reordered)');
      const event: AuditEvent = {
        userId: row.user_id,
        role: row.role,
        action: row.action,
        target: row.target,
        outcome: row.outcome as AuditOutcome,
        address: row.address,
      };
      if (auditHash(row.id >= keyedFrom ? seal.key : null, row.at, event, row.prev_hash) !== row.hash) {
        return broken('its content does not match its keyed hash (the row was altered or re-hashed)');
      }
      if (checkpoint !== undefined && row.id === checkpoint.headId) {
        if (row.hash !== checkpoint.headHash)
          return broken('it is not the row the checkpoint names (rows were replaced)');
        if (rows !== checkpoint.rows) {
          return broken(`the checkpoint counts ${String(checkpoint.rows)} rows up to here, the table ${String(rows)}`);
        }
        headSeen = true;
        anchoredRows = rows;
      }
      prevHash = row.hash;
      afterId = row.id;
    }
    if (page.length < pageSize) break;
  }
  if (checkpoint === undefined && rows > 0) {
    return { ok: false, rows, brokenAt: 0, reason: 'the checkpoint outside the database is missing' };
  }
  if (!headSeen && checkpoint !== undefined) {
    return {
      ok: false,
      rows,
      brokenAt: checkpoint.headId,
      reason: `the checkpoint says the trail reached row #${String(checkpoint.headId)} (${String(checkpoint.rows)} rows), but the table ends at #${String(afterId)} (${String(rows)} rows): rows were removed from the end`,
    };
  }
  return { ok: true, rows, anchoredRows };
}
