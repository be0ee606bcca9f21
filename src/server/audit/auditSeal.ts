import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * What makes the audit trail tamper-evident to someone who controls the database but not the server's files: the
 * secret that keys every row's hash, and the checkpoint (how many rows, ending in which hash) that says where the
 * chain had reached. Both live outside the database: the key in AUDIT_KEY or a file only the server may read, the
 * checkpoint in a file beside it. Without the key a changed row cannot be re-hashed; without the checkpoint a removed
 * tail would leave a shorter chain that still links.
 */
export type AuditSeal = { key: Buffer; checkpointFile: string };

export type AuditSealConfig = { auditKey: string | undefined; auditKeyFile: string; auditCheckpointFile: string };

/**
 * Where the chain had reached: `rows` rows up to row `headId`, whose hash is `headHash`; keyed from row `keyedFrom`.
 * The rows before `keyedFrom` have plain SHA-256 hashes (a trail from before the key existed), or, after
 * `audit:rekey`, hashes under a lost key that only their links still tie together (`earlierRows: 'links only'`).
 */
export type Checkpoint = {
  rows: number;
  headId: number;
  headHash: string;
  keyedFrom: number;
  at: string;
  earlierRows?: 'links only';
};

const KEY_BYTES = 32;

function keyFromText(text: string, origin: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]+$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length < KEY_BYTES)
    throw new Error(`${origin} must hold at least ${String(KEY_BYTES)} random bytes (hex or base64)`);
  return key;
}

/**
 * The key from AUDIT_KEY, else from its file, which is made (readable by this user only) on the first start, while
 * the trail is empty (`create`). A key missing beside a trail is never replaced silently: rows keyed with a new key
 * would make every earlier row look like one from before the key, re-hashed at will (issue 32, item 10).
 */
export function openAuditSeal(config: AuditSealConfig, options: { create: boolean }): AuditSeal {
  const checkpointFile = config.auditCheckpointFile;
  if (config.auditKey !== undefined) return { key: keyFromText(config.auditKey, 'AUDIT_KEY'), checkpointFile };
  const file = config.auditKeyFile;
  if (!fs.existsSync(file)) {
    if (!options.create) {
      throw new Error(
        `The audit key ${file} does not exist, but the audit trail has rows: restore the key from its backup (or set ` +
          'AUDIT_KEY or AUDIT_KEY_FILE), or start a new key with `npm run audit:rekey`, which the trail records',
      );
    }
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.writeFileSync(file, `${randomBytes(KEY_BYTES).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
      return { key: keyFromText(fs.readFileSync(file, 'utf8'), file), checkpointFile };
    } catch (error) {
      // Another instance made it at the same moment: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  if ((fs.statSync(file).mode & 0o077) !== 0) {
    throw new Error(`The audit key ${file} may be read by other users: chmod 600 it`);
  }
  return { key: keyFromText(fs.readFileSync(file, 'utf8'), file), checkpointFile };
}

function checkpointMac(key: Buffer, checkpoint: Checkpoint): string {
  const { rows, headId, headHash, keyedFrom, at, earlierRows } = checkpoint;
  // A checkpoint without `earlierRows` is MACed as before it existed, so older checkpoints still read.
  const fields = [rows, headId, headHash, keyedFrom, at, ...(earlierRows === undefined ? [] : [earlierRows])];
  return createHmac('sha256', key)
    .update(JSON.stringify(['audit-checkpoint', ...fields]))
    .digest('hex');
}

export type CheckpointRead = { status: 'missing' } | { status: 'forged' } | { status: 'ok'; checkpoint: Checkpoint };

/** Reads the checkpoint and checks its MAC, so that a checkpoint written without the key is seen as forged. */
export function readCheckpoint(seal: AuditSeal): CheckpointRead {
  let text: string;
  try {
    text = fs.readFileSync(seal.checkpointFile, 'utf8');
  } catch {
    return { status: 'missing' };
  }
  try {
    const parsed = JSON.parse(text) as Checkpoint & { mac: string };
    const expected = Buffer.from(checkpointMac(seal.key, parsed), 'hex');
    const given = Buffer.from(String(parsed.mac), 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { status: 'forged' };
    const { rows, headId, headHash, keyedFrom, at, earlierRows } = parsed;
    const checkpoint = { rows, headId, headHash, keyedFrom, at };
    return { status: 'ok', checkpoint: earlierRows === 'links only' ? { ...checkpoint, earlierRows } : checkpoint };
  } catch {
    return { status: 'forged' };
  }
}

/** Replaces the checkpoint atomically and durably: a temporary file, fsynced, renamed over the old one. */
export async function writeCheckpoint(seal: AuditSeal, checkpoint: Checkpoint): Promise<void> {
  const text = `${JSON.stringify({ ...checkpoint, mac: checkpointMac(seal.key, checkpoint) })}\n`;
  await fs.promises.mkdir(path.dirname(seal.checkpointFile), { recursive: true });
  const tmp = `${seal.checkpointFile}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await fs.promises.open(tmp, 'wx', 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.promises.rename(tmp, seal.checkpointFile);
}
