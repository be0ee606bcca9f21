import { currentUser } from '#server/http/authenticate';
import type { CallHandler } from '#server/http/serveCall';
import { notFound } from '#server/http/errors';
import { patientScope } from '#server/scope/recordScope';
import { success } from '#server/records/mutationResult';
import { nextVersion } from '#server/records/versions';
import { prepareFiles } from './derivedFiles.ts';
import { audited } from '#server/audit/requestAudit';
import type { SessionDeps } from '#server/deps';
import { scopedSubSessions } from '#server/records/sessionQuery';
import { writeWithFiles } from './writeWithFiles.ts';
import { cancelOpenBlurJobs } from '#server/blur/blurQueue';
import { cancelOpenPoseJobs } from '#server/pose/poseQueue';
import { POSE_MESSAGES } from '#shared/sessions/poseJobs';

/**
 * Removes one recording (a sub-session) by leaving a tombstone, so client mirrors drop it; its files are deleted
 * once the removal has committed. The sub-session number becomes free again.
 */
export function removeSession(deps: SessionDeps): CallHandler<'removeSession'> {
  return async (request, reply) => {
    const user = currentUser(request);
    const input = request.body;
    return audited(deps, request, reply, 'session.remove', `subSession:${input.SubSessionID}`, () =>
      writeWithFiles(
        deps,
        request,
        reply,
        () => prepareFiles(deps, async () => undefined),
        async (trx, _derived, release) => {
          const row = await scopedSubSessions(trx, patientScope(trx, user), { subSessionId: input.SubSessionID })
            .select(['ss.id', 'ss.date_modified'])
            .where('ss.session_id', '=', input.SessionID)
            .executeTakeFirst();
          if (row === undefined) throw notFound('Session not found');
          const files = await trx
            .selectFrom('session_files')
            .select('storage_key')
            .where('sub_session_id', '=', row.id)
            .execute();
          for (const file of files) release(file.storage_key);
          await cancelOpenBlurJobs(trx, row.id, deps.clock().toISOString());
          await cancelOpenPoseJobs(trx, row.id, deps.clock().toISOString(), POSE_MESSAGES.replaced);
          await trx.deleteFrom('session_files').where('sub_session_id', '=', row.id).execute();
          const version = nextVersion(deps.clock, row.date_modified);
          await trx
            .updateTable('sub_sessions')
            .set({ deleted_at: version, date_modified: version })
            .where('id', '=', row.id)
            .execute();
          return success('removeSession', { SessionID: input.SessionID, SubSessionID: row.id, DateModified: version });
        },
      ),
    );
  };
}
