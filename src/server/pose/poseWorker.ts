import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { AuditAction } from '#shared/audit/auditActions';
import type { ScaleInput } from '#shared/pose/scaleInput';
import { floorMarksScale, POSE_MESSAGES } from '#shared/sessions/poseJobs';
import type { Db } from '#server/db/connect';
import type { PoseJobTable } from '#server/db/schema';
import type { StorageDeps } from '#server/deps';
import { fileOnDisk } from '#server/storage/fileOnDisk';
import { startJobLoops, type JobTurn } from '#server/workers/jobLoops';
import { jobSourceIsCurrent } from '#server/workers/jobLease';
import { claimPoseJob, failPoseAttempt, renewPoseLease, storedFloorMarks } from './poseQueue.ts';
import { finishPoseJob } from './poseResult.ts';
import type { PoseWorkerSettings } from './poseSettings.ts';
import { runPoseThread, type PoseThreadEnd } from './poseThread.ts';
import type { SubSessionId } from '#shared/ids/ids';

/** The worker's audit rows: it acts for nobody, so it names itself and the instance it runs on. */
function auditJob(deps: StorageDeps, owner: string, action: AuditAction, job: PoseJobTable, failed = false) {
  return deps.audit.record({
    userId: `poseWorker:${owner}`,
    role: 'system',
    action,
    target: `poseJob:${job.id} subSession:${job.sub_session_id}`,
    outcome: failed ? 'failure' : 'success',
    address: os.hostname(),
  });
}

/** The patient's height on record in metres, or undefined when none is (0 is stored for "not entered"). */
async function patientHeightM(db: Db, subSessionId: SubSessionId): Promise<number | undefined> {
  const row = await db
    .selectFrom('sub_sessions as ss')
    .innerJoin('sessions as s', 's.id', 'ss.session_id')
    .innerJoin('patients as p', 'p.id', 's.patient_id')
    .select('p.height_cm')
    .where('ss.id', '=', subSessionId)
    .executeTakeFirst();
  const cm = Number(row?.height_cm ?? 0);
  return cm > 0 ? cm / 100 : undefined;
}

/** The floor marks a clinician placed for the job, else the patient's height on record; undefined with neither. */
async function jobScale(db: Db, job: PoseJobTable): Promise<ScaleInput | undefined> {
  const marks = storedFloorMarks(job);
  if (marks !== null) return floorMarksScale(marks);
  const heightM = await patientHeightM(db, job.sub_session_id);
  return heightM === undefined ? undefined : { kind: 'height', heightM };
}

/**
 * The video's walk measured in a worker thread, the lease renewed with its progress a few times a lease; a renewal
 * that finds the job cancelled or taken over stops the thread.
 */
async function measure(
  deps: StorageDeps,
  settings: PoseWorkerSettings,
  owner: string,
  job: PoseJobTable,
  signal: AbortSignal,
  input: { video: string; scale: ScaleInput },
): Promise<PoseThreadEnd> {
  const { db } = deps.database;
  const lost = new AbortController();
  const stop = AbortSignal.any([signal, lost.signal]);
  let percent = 0;
  const heartbeat = setInterval(
    () => {
      renewPoseLease(db, job.id, owner, deps.clock(), settings.leaseSeconds, percent).then(
        (mine) => mine || lost.abort(),
        () => undefined,
      );
    },
    Math.max(200, (settings.leaseSeconds * 1000) / 4),
  );
  try {
    const task = { ...settings, ...input, generatedAt: deps.clock().toISOString() };
    return await runPoseThread(task, settings, stop, (p) => (percent = p));
  } finally {
    clearInterval(heartbeat);
  }
}

async function storeText(deps: StorageDeps, text: string, written: string[]) {
  const file = await deps.storage.write(Readable.from([Buffer.from(text, 'utf8')]));
  written.push(file.key);
  return file;
}

async function poseOnce(
  deps: StorageDeps,
  settings: PoseWorkerSettings,
  owner: string,
  job: PoseJobTable,
  signal: AbortSignal,
): Promise<JobTurn> {
  const { db } = deps.database;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gait-pose-'));
  const written: string[] = [];
  const fail = async (reason: string, final: boolean): Promise<JobTurn> => {
    const next = await failPoseAttempt(db, job, owner, reason, deps.clock().toISOString(), final);
    if (next === 'notMine') return 'stopped';
    await auditJob(deps, owner, next === 'failed' ? 'poseJob.fail' : 'poseJob.retry', job, true);
    return next === 'failed' ? 'failed' : 'retrying';
  };
  try {
    if (!(await jobSourceIsCurrent(db, job))) return await fail(POSE_MESSAGES.replaced, true);
    const scale = await jobScale(db, job);
    if (scale === undefined) return await fail(POSE_MESSAGES.noHeight, true);
    const video = await fileOnDisk(deps.storage, job.source_key, dir, 'video.mp4');
    const end = await measure(deps, settings, owner, job, signal, { video, scale });
    if (end.type === 'refused') return await fail(end.error, true);
    if (end.type === 'error') throw new Error(end.error);
    const jointData = await storeText(deps, end.jointDataText, written);
    const metrics = await storeText(deps, end.metricsText, written);
    const finished = await finishPoseJob(db, job, owner, { jointData, metrics }, deps.clock);
    if (finished === false) {
      await Promise.all(written.map((key) => deps.storage.delete(key)));
      return 'stopped';
    }
    await Promise.all(finished.replaced.map((key) => deps.storage.delete(key)));
    await auditJob(deps, owner, 'poseJob.done', job);
    return 'done';
  } catch (error) {
    await Promise.all(written.map((key) => deps.storage.delete(key).catch(() => undefined)));
    // A stop for shutdown leaves the lease to expire, so another instance (or this one, restarted) resumes the job.
    if (signal.aborted) return 'stopped';
    return await fail(error instanceof Error ? error.message : String(error), false);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Claims one job and runs it to its end: 'idle' when there was none to claim. */
export async function runOnePoseJob(
  deps: StorageDeps,
  settings: PoseWorkerSettings,
  owner: string,
  signal: AbortSignal = new AbortController().signal,
): Promise<JobTurn> {
  const { db, kind } = deps.database;
  const job = await claimPoseJob(db, kind, owner, deps.clock(), settings.leaseSeconds);
  if (job === undefined) return 'idle';
  await auditJob(deps, owner, job.attempts > 1 ? 'poseJob.resume' : 'poseJob.start', job);
  return poseOnce(deps, settings, owner, job, signal);
}

/** Starts this instance's pose workers (POSE_WORKERS); the stop ends their threads, whose jobs resume elsewhere. */
export function startPoseWorkers(
  deps: StorageDeps,
  settings: PoseWorkerSettings,
  log: (message: string) => void,
): () => Promise<void> {
  return startJobLoops(
    { workers: settings.workers, pollSeconds: settings.pollSeconds, name: 'Pose' },
    (owner, signal) => runOnePoseJob(deps, settings, owner, signal),
    log,
  );
}
