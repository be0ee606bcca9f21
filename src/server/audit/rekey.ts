import type { DbHandle } from '#server/db/connect';
import { openAuditSeal, writeCheckpoint, type AuditSealConfig } from './auditSeal.ts';
import { connectionWriter, sqliteWorkerWriter } from './auditWriters.ts';
import { chainHead } from './startCheck.ts';
import { verifyAuditChain } from './verifyAuditChain.ts';

/** Who ran the command, for its audit row: the operating-system user and the machine. */
export type Operator = { user: string; host: string };

/**
 * `audit:rekey`, run with the server stopped, when the key or the checkpoint is lost for good (or the trail is from
 * before the key existed): makes a key if none is set, writes one row saying so under it, chained to the last row,
 * and a checkpoint keyed from that row. The rows before it are checked by their links only from then on, and
 * `audit:verify` says so, so a re-key is never silent (issue 32, item 10). An intact trail is left alone.
 */
export async function rekeyAuditTrail(handle: DbHandle, config: AuditSealConfig, operator: Operator) {
  const seal = openAuditSeal(config, { create: true });
  const before = await verifyAuditChain(handle, seal);
  if (before.ok) throw new Error('The audit trail is intact under its key and checkpoint: there is nothing to re-key');
  const head = await chainHead(handle);
  const writer =
    handle.auditFile === undefined
      ? connectionWriter(handle, seal.key)
      : sqliteWorkerWriter(handle.auditFile, seal.key);
  try {
    const row = await writer.append(new Date().toISOString(), [
      {
        userId: operator.user,
        role: 'operator',
        action: 'audit.rekey',
        target: `audit:${String(head.rows)} rows to #${String(head.headId)} (${before.reason})`,
        outcome: 'success',
        address: operator.host,
      },
    ]);
    const checkpoint = { rows: head.rows + 1, headId: row.id, headHash: row.hash, keyedFrom: row.id };
    await writeCheckpoint(seal, { ...checkpoint, at: new Date().toISOString(), earlierRows: 'links only' });
    return { earlierRows: head.rows, rekeyedAt: row.id };
  } finally {
    await writer.close();
  }
}
