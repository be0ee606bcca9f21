import { auditRequest } from '#server/audit/requestAudit';
import { currentUser } from '#server/http/authenticate';
import type { CallHandler } from '#server/http/serveCall';
import type { SessionDeps } from '#server/deps';
import { findUpload, progressOf, withOffset } from './uploadParts.ts';

/** HEAD (or GET) /api/uploads/:uploadId: where a resumed upload must go on from (Upload-Offset). */
export function uploadOffset(deps: SessionDeps): CallHandler<'uploadOffset'> {
  return async (request, reply) => {
    const { uploadId } = request.params;
    const row = await findUpload(deps.database.db, currentUser(request).id, uploadId);
    await auditRequest(deps, request, 'session.uploadOffset', `upload:${row.file_upload_id}`);
    return withOffset(reply, row).send(progressOf(row));
  };
}
