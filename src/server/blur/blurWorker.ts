import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { AuditAction } from '#shared/audit/auditActions';
import { blurRegionSchema, type BlurRegion } from '#shared/sessions/blurJobs';
import type { StorageDeps } from '#server/deps';
import { fileOnDisk } from '#server/storage/fileOnDisk';
import { startJobLoops, type JobTurn } from '#server/workers/jobLoops';
import type { BlurJobTable } from '#server/db/schema';
import { jobSourceIsCurrent } from '#server/workers/jobLease';
import { claimBlurJob, failBlurAttempt, finishBlurJob, renewBlurLease } from './blurQueue.ts';
import type { BlurWorkerSettings } from './blurSettings.ts';
import { probeDuration, runFfmpeg, wholeFrameBlurArgs, type RunningBlur } from './ffmpegBlur.ts';
import { runHeadsBlur } from './headsBlur.ts';

/** The worker's audit rows: it acts for nobody, so it names itself and the instance it runs on. */
function auditJob(deps: StorageDeps, owner: string, action: AuditAction, job: BlurJobTable, failed = false) {
  return deps.audit.record({
    userId: `blurWorker:${owner}`,
    role: 'system',
    action,
    target: `blurJob:${job.id} subSession:${job.sub_session_id}`,
    outcome: failed ? 'failure' : 'success',
    address: os.hostname(),
  });
}

/** The regions a reviewer marked for this run (checked by the review call's schema when they were stored). */
function markedRegions(job: BlurJobTable): BlurRegion[] {
  return job.regions === null ? [] : z.array(blurRegionSchema).parse(JSON.parse(job.regions));
}

async function blurOnce(
  deps: StorageDeps,
  settings: BlurWorkerSettings,
  owner: string,
  job: BlurJobTable,
  signal: AbortSignal,
): Promise<JobTurn> {
  const { db } = deps.database;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gait-blur-'));
  let stored: string | undefined;
  try {
    if (!(await jobSourceIsCurrent(db, job)))
      throw new Error('The video was replaced or removed before it was blurred.');
    const input = await fileOnDisk(deps.storage, job.source_key, dir, 'source.mp4');
    const duration = await probeDuration(settings, input);
    const output = path.join(dir, 'blurred.mp4');
    let percent = 0;
    // Heads: the frames done of those the duration promises; whole frame: ffmpeg's encoded seconds of the duration.
    const run: RunningBlur & { boxes?: Promise<unknown> } =
      job.method === 'heads'
        ? runHeadsBlur(settings, input, output, settings.keepAudio, markedRegions(job), duration, (frames, total) => {
            percent = total === undefined ? 0 : (frames / total) * 100;
          })
        : runFfmpeg(settings, wholeFrameBlurArgs(input, output, settings.keepAudio), (seconds) => {
            percent = duration === undefined ? 0 : (seconds / duration) * 100;
          });
    const stopOnAbort = () => run.stop('The server is stopping.');
    signal.addEventListener('abort', stopOnAbort);
    // The lease is renewed a few times within its length, with the progress, until ffmpeg ends; a renewal that
    // fails (cancelled, or the lease lost to another instance) stops ffmpeg.
    const heartbeat = setInterval(
      () => {
        renewBlurLease(db, job.id, owner, deps.clock(), settings.leaseSeconds, percent).then(
          (mine) => mine || run.stop('The job was cancelled or taken over.'),
          () => undefined,
        );
      },
      Math.max(200, (settings.leaseSeconds * 1000) / 4),
    );
    try {
      await run.done;
    } finally {
      clearInterval(heartbeat);
      signal.removeEventListener('abort', stopOnAbort);
    }
    const headBoxes = run.boxes === undefined ? null : JSON.stringify(await run.boxes);
    const file = await deps.storage.write(createReadStream(output));
    stored = file.key;
    const finished = await finishBlurJob(db, job, owner, { ...file, headBoxes }, deps.clock);
    if (finished === false) {
      await deps.storage.delete(file.key);
      return 'stopped';
    }
    if (finished.replaced !== null) await deps.storage.delete(finished.replaced);
    await auditJob(deps, owner, 'blurJob.done', job);
    return 'done';
  } catch (error) {
    if (stored !== undefined) await deps.storage.delete(stored).catch(() => undefined);
    // A stop for shutdown leaves the lease to expire, so another instance (or this one, restarted) resumes the job.
    if (signal.aborted) return 'stopped';
    const reason = error instanceof Error ? error.message : String(error);
    const next = await failBlurAttempt(db, job, owner, reason, deps.clock().toISOString());
    if (next === 'notMine') return 'stopped';
    await auditJob(deps, owner, next === 'failed' ? 'blurJob.fail' : 'blurJob.retry', job, true);
    return next === 'failed' ? 'failed' : 'retrying';
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Claims one job and runs it to its end: 'idle' when there was none to claim. */
export async function runOneBlurJob(
  deps: StorageDeps,
  settings: BlurWorkerSettings,
  owner: string,
  signal: AbortSignal = new AbortController().signal,
): Promise<JobTurn> {
  const { db, kind } = deps.database;
  const job = await claimBlurJob(db, kind, owner, deps.clock(), settings.leaseSeconds);
  if (job === undefined) return 'idle';
  await auditJob(deps, owner, job.attempts > 1 ? 'blurJob.resume' : 'blurJob.start', job);
  return blurOnce(deps, settings, owner, job, signal);
}

/**
 * Starts this instance's blurring workers: each claims a job, runs it, and looks again after pollSeconds when there
 * was none. Answers a stop that ends them (ffmpeg is killed; the job's lease then expires and it resumes elsewhere).
 */
export function startBlurWorkers(
  deps: StorageDeps,
  settings: BlurWorkerSettings,
  log: (message: string) => void,
): () => Promise<void> {
  return startJobLoops(
    { workers: settings.workers, pollSeconds: settings.pollSeconds, name: 'Blurring' },
    (owner, signal) => runOneBlurJob(deps, settings, owner, signal),
    log,
  );
}
