import type { DbHandle } from '#server/db/connect';
import { readCheckpoint, type AuditSeal, type Checkpoint } from './auditSeal.ts';
import { GENESIS_HASH } from './auditHash.ts';
import { rowFault, trailRows } from './chainRows.ts';

export type ChainCheck =
  | {
      ok: true;
      rows: number;
      anchoredRows: number;
      /** After `audit:rekey`: the row that records it; the rows before it are checked by their links only. */
      rekeyedAt?: number;
    }
  | { ok: false; rows: number; brokenAt: number; reason: string };

/** How a row's hash is checked: with the key from `keyedFrom` on, before it as the checkpoint says. */
export function keyFor(row: { id: number }, seal: AuditSeal, checkpoint: Checkpoint | undefined) {
  if (row.id >= (checkpoint?.keyedFrom ?? 1)) return seal.key;
  return checkpoint?.earlierRows ?? null;
}

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
  let prevHash = GENESIS_HASH;
  let lastId = 0;
  let rows = 0;
  let anchoredRows = 0;
  let headSeen = checkpoint === undefined || checkpoint.headId === 0;
  for await (const row of trailRows(handle, 0, pageSize)) {
    rows += 1;
    const broken = (reason: string): ChainCheck => ({ ok: false, rows, brokenAt: row.id, reason });
    const fault = rowFault(row, prevHash, keyFor(row, seal, checkpoint));
    if (fault !== undefined) return broken(fault);
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
    lastId = row.id;
  }
  if (checkpoint === undefined && rows > 0) {
    return { ok: false, rows, brokenAt: 0, reason: 'the checkpoint outside the database is missing' };
  }
  if (!headSeen && checkpoint !== undefined) {
    return {
      ok: false,
      rows,
      brokenAt: checkpoint.headId,
      reason: `the checkpoint says the trail reached row #${String(checkpoint.headId)} (${String(checkpoint.rows)} rows), but the table ends at #${String(lastId)} (${String(rows)} rows): rows were removed from the end`,
    };
  }
  return checkpoint?.earlierRows === 'links only'
    ? { ok: true, rows, anchoredRows, rekeyedAt: checkpoint.keyedFrom }
    : { ok: true, rows, anchoredRows };
}
