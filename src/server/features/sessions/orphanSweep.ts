import type { StorageDeps } from '#server/deps';
import { dropUpload, purgeAbandonedUploads } from './tus/uploadRegistry.ts';
import { openUploadStore } from '#server/storage/uploadStore';

/**
 * A file younger than this may belong to a write still on its way to the database (stored, then checked, then
 * committed: seconds, a minute at most), so the sweep leaves it alone.
 */
const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/** Staged files that addSession never committed are given up after a day, like unfinished resumable uploads. */
const STAGING_LIFETIME_MS = 24 * 60 * 60 * 1000;

export type SweepReport = {
  abandonedWrites: number;
  unreferencedFiles: number;
  orphanParts: number;
  expiredStaging: number;
};

/** Keys of `keys` that some row still needs: a recording's file, or a staged upload. */
async function referenced(deps: StorageDeps, keys: string[]): Promise<Set<string>> {
  const { db } = deps.database;
  const files = await db.selectFrom('session_files').select('storage_key').where('storage_key', 'in', keys).execute();
  const staged = await db.selectFrom('upload_staging').select('storage_key').where('storage_key', 'in', keys).execute();
  return new Set([...files, ...staged].map((r) => r.storage_key));
}

async function dropExpiredStaging(deps: StorageDeps, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - STAGING_LIFETIME_MS).toISOString();
  const { db } = deps.database;
  const expired = await db
    .selectFrom('upload_staging')
    .select('storage_key')
    .where('created_at', '<', cutoff)
    .execute();
  // Rows first: a crash between the two leaves unreferenced files, which the next sweep removes.
  await db.deleteFrom('upload_staging').where('created_at', '<', cutoff).execute();
  for (const row of expired) await deps.storage.delete(row.storage_key);
  return expired.length;
}

async function dropUnreferencedFiles(deps: StorageDeps, before: number): Promise<number> {
  let dropped = 0;
  let batch: string[] = [];
  const flush = async () => {
    const needed = await referenced(deps, batch);
    for (const key of batch.filter((k) => !needed.has(k))) {
      await deps.storage.delete(key);
      dropped += 1;
    }
    batch = [];
  };
  for await (const key of deps.storage.listOlderThan(before)) {
    batch.push(key);
    if (batch.length === 500) await flush();
  }
  if (batch.length > 0) await flush();
  return dropped;
}

/** Resumable uploads in the upload store whose row is gone (a crash between creating one and recording it). */
async function dropOrphanParts(deps: StorageDeps, before: number): Promise<number> {
  const uploads = openUploadStore(deps.config.storage);
  let dropped = 0;
  for await (const id of uploads.listOlderThan(before)) {
    const row = await deps.database.db.selectFrom('upload_parts').select('id').where('id', '=', id).executeTakeFirst();
    if (row !== undefined) continue;
    await dropUpload(deps, uploads, id);
    dropped += 1;
  }
  return dropped;
}

/**
 * Removes what a crash or an abandoned upload left behind: half-written files, stored files no row points to, part
 * files of uploads never recorded, and staged or resumable uploads given up after a day. A file is removed only if
 * no row needs it and it is older than the grace period; rows are removed before their files, never after.
 */
async function sweepOrphans(deps: StorageDeps, now: Date, graceMs = ORPHAN_GRACE_MS): Promise<SweepReport> {
  const before = now.getTime() - graceMs;
  const expiredStaging = await dropExpiredStaging(deps, now);
  await purgeAbandonedUploads(deps, now);
  return {
    expiredStaging,
    abandonedWrites: await deps.storage.dropAbandonedWrites(before),
    unreferencedFiles: await dropUnreferencedFiles(deps, before),
    orphanParts: await dropOrphanParts(deps, before),
  };
}

/** How often the sweep runs after the one at start. */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Sweeps at start (a crash leaves its debris for the next start to find) and then every hour. One sweep at a time;
 * a failed sweep is reported and tried again at the next turn. Returns a function that stops the timer.
 */
export function scheduleOrphanSweeps(deps: StorageDeps, report: (done: SweepReport) => void): () => void {
  let running: Promise<void> | undefined;
  const sweep = () => {
    running ??= sweepOrphans(deps, deps.clock())
      .then(report, (error: unknown) => {
        process.emitWarning(`Orphan sweep failed: ${error instanceof Error ? error.message : String(error)}`);
      })
      .finally(() => {
        running = undefined;
      });
  };
  sweep();
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
