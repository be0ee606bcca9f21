import type { PoseJob } from '#shared/sessions/poseJobs';
import type { PoseJobTable } from '#server/db/schema';
import type { AppDeps } from '#server/deps';
import { jobsOfRecording } from '#server/scope/recordingJobs';
import type { CallHandler } from '#server/http/serveCall';

/** A job as the API shows it. The row's state is written only from the shared list's values. */
const poseJobRecord = (row: PoseJobTable): PoseJob => ({
  JobID: row.id,
  SubSessionID: row.sub_session_id,
  State: row.state as PoseJob['State'],
  Progress: row.progress,
  Attempts: row.attempts,
  Error: row.error,
  CreatedAt: row.created_at,
  UpdatedAt: row.updated_at,
});

/** A recording's pose jobs, newest first, for the files dialog: whoever may see the recording may see them. */
export function listPoseJobs(deps: AppDeps): CallHandler<'poseJobs'> {
  return async (request) => {
    const rows = await jobsOfRecording(deps, request, 'pose_jobs', request.query.SubSessionID, 'poseJob.list');
    return { jobs: rows.map(poseJobRecord) };
  };
}
