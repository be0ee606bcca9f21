import { auditRead, auditRequest } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import { notFound } from '#server/http/errors';
import type { CallHandler } from '#server/http/serveCall';
import { recordingInScope } from '#server/scope/recordingInScope';
import { blurJobRecord } from './jobRecords.ts';

/** A recording's blurring jobs, newest first, for the files dialog's progress and the review dialog. */
export function listBlurJobs(deps: AppDeps): CallHandler<'blurJobs'> {
  return async (request) => {
    const user = currentUser(request);
    const { SubSessionID } = request.query;
    const { db } = deps.database;
    const target = `subSession:${SubSessionID}`;
    if (!(await recordingInScope(db, user, SubSessionID))) {
      await auditRequest(deps, request, 'blurJob.list', target, 'denied');
      throw notFound('Session not found');
    }
    const rows = await db
      .selectFrom('blur_jobs')
      .selectAll()
      .where('sub_session_id', '=', SubSessionID)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    auditRead(deps, request, 'blurJob.list', target);
    return { jobs: rows.map(blurJobRecord) };
  };
}
