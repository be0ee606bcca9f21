import type { PoseJob } from '#shared/sessions/poseJobs';
import { auditRead, auditRequest } from '#server/audit/requestAudit';
import type { PoseJobTable } from '#server/db/schema';
import type { AppDeps } from '#server/deps';
import { recordingInScope } from '#server/scope/recordingInScope';
import { currentUser } from '#server/http/authenticate';
import { notFound } from '#server/http/errors';
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
    const user = currentUser(request);
    const { SubSessionID } = request.query;
    const { db } = deps.database;
    const target = `subSession:${SubSessionID}`;
    if (!(await recordingInScope(db, user, SubSessionID))) {
      await auditRequest(deps, request, 'poseJob.list', target, 'denied');
      throw notFound('Session not found');
    }
    const rows = await db
      .selectFrom('pose_jobs')
      .selectAll()
      .where('sub_session_id', '=', SubSessionID)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    auditRead(deps, request, 'poseJob.list', target);
    return { jobs: rows.map(poseJobRecord) };
  };
}
