import type { DbHandle } from '#server/db/connect';
import {
  openAuditSeal,
  readCheckpoint,
  writeCheckpoint,
  type AuditSeal,
  type AuditSealConfig,
  type Checkpoint,
} from './auditSeal.ts';
import { rowFault, trailRows } from './chainRows.ts';
import { keyFor } from './verifyAuditChain.ts';

/** The head of the chain as the database holds it now: its row count, last id and last hash. */
export async function chainHead({ db }: DbHandle) {
  const last = await db
    .selectFrom('audit_log')
    .select(['id', 'hash'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const count = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows: Number(count.n), headId: last?.id ?? 0, headHash: last?.hash ?? '' };
}

const TAIL_PAGE = 5000;

/**
 * The rows written after the checkpoint (it lags the chain by the last batches after a kill -9, or by another
 * instance's rows): each must link on from the checkpoint's head and carry its keyed hash, or the trail was altered
 * while no checkpoint covered it. Answers the checkpoint moved to cover them.
 */
async function coverTail(handle: DbHandle, seal: AuditSeal, checkpoint: Checkpoint): Promise<Checkpoint> {
  const refuse = (why: string) =>
    new Error(`The audit trail was altered: ${why}. Run \`npm run audit:verify\` for the whole trail.`);
  if (checkpoint.headId > 0) {
    const head = await handle.db
      .selectFrom('audit_log')
      .select('hash')
      .where('id', '=', checkpoint.headId)
      .executeTakeFirst();
    if (head?.hash !== checkpoint.headHash)
      throw refuse(
        `row #${String(checkpoint.headId)}, where the checkpoint ${seal.checkpointFile} ends, is not the same`,
      );
  }
  let prevHash = checkpoint.headHash;
  let covered = checkpoint;
  for await (const row of trailRows(handle, checkpoint.headId, TAIL_PAGE)) {
    const fault = rowFault(row, prevHash, keyFor(row, seal, checkpoint));
    if (fault !== undefined) throw refuse(`row #${String(row.id)}, newer than the last checkpoint, ${fault}`);
    covered = { ...covered, rows: covered.rows + 1, headId: row.id, headHash: row.hash };
    prevHash = row.hash;
  }
  if (covered === checkpoint) return checkpoint;
  covered = { ...covered, at: new Date().toISOString() };
  await writeCheckpoint(seal, covered);
  return covered;
}

/**
 * The checkpoint the server starts from. A new trail gets its first; a trail whose checkpoint is missing or forged
 * stops the server, since a new checkpoint would bless whatever the database now holds (issue 32, item 10); the
 * operator restores it, or re-keys on purpose with `audit:rekey`, which the trail records.
 */
export async function startingCheckpoint(handle: DbHandle, seal: AuditSeal): Promise<Checkpoint> {
  const found = readCheckpoint(seal);
  if (found.status === 'forged')
    throw new Error(`The audit checkpoint ${seal.checkpointFile} does not match the audit key`);
  if (found.status === 'ok') return coverTail(handle, seal, found.checkpoint);
  const head = await chainHead(handle);
  if (head.rows > 0) {
    throw new Error(
      `The audit checkpoint ${seal.checkpointFile} is missing, but the audit trail has ${String(head.rows)} rows: ` +
        "restore it from its backup (a new instance may start from a copy of another instance's), or start a new " +
        'key and checkpoint with `npm run audit:rekey`, which the trail records',
    );
  }
  const first = { ...head, keyedFrom: 1, at: new Date().toISOString() };
  await writeCheckpoint(seal, first);
  return first;
}

/** The server's seal: its key file is made only for an empty trail; beside rows, a missing key stops the start. */
export async function serverSeal(handle: DbHandle, config: AuditSealConfig): Promise<AuditSeal> {
  const { rows } = await chainHead(handle);
  return openAuditSeal(config, { create: rows === 0 });
}
