import type { FastifyRequest } from 'fastify';
import type { AuditAction } from '#shared/audit/auditActions';
import { auditRead, auditRequest, type AuditDeps } from '#server/audit/requestAudit';
import type { DbHandle } from '#server/db/connect';
import type { Database } from '#server/db/schema';
import { currentUser } from '#server/http/authenticate';
import { notFound } from '#server/http/errors';
import { recordingInScope } from './recordingInScope.ts';
import type { SubSessionId } from '#shared/ids/ids';

type JobTable = 'blur_jobs' | 'pose_jobs';

/**
 * A recording's background jobs (blurring, pose), newest first, for whoever may see the recording; another
 * clinic's recording answers 404 like the recording itself. The read, or its refusal, is audited as `action`.
 */
export async function jobsOfRecording<T extends JobTable>(
  deps: AuditDeps & { database: DbHandle },
  request: FastifyRequest,
  table: T,
  subSessionId: SubSessionId,
  action: AuditAction,
): Promise<Database[T][]> {
  const { db } = deps.database;
  const target = `subSession:${subSessionId}`;
  if (!(await recordingInScope(db, currentUser(request), subSessionId))) {
    await auditRequest(deps, request, action, target, 'denied');
    throw notFound('Session not found');
  }
  // Both tables share these columns; the union of their names is more than Kysely's builder can narrow.
  const rows = await db
    .selectFrom(table as 'blur_jobs')
    .selectAll()
    .where('sub_session_id', '=', subSessionId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  auditRead(deps, request, action, target);
  // …and each table's own columns (a pose job's floor marks) come back as they are stored.
  return rows as Database[T][];
}
