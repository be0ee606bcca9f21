import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { auditRequest } from '#server/audit/requestAudit';
import { currentUser } from '#server/http/authenticate';
import type { SessionDeps } from '#server/deps';
import { findUpload, progressOf, uploadParamsSchema, withOffset } from './uploadParts.ts';

export const uploadOffsetSchema = { params: uploadParamsSchema };

/** HEAD (or GET) /api/uploads/:uploadId: where a resumed upload must go on from (Upload-Offset). */
export function uploadOffsetHandler(deps: SessionDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { uploadId } = request.params as z.infer<typeof uploadParamsSchema>;
    const row = await findUpload(deps.database.db, currentUser(request).id, uploadId);
    await auditRequest(deps, request, 'session.uploadOffset', `upload:${row.file_upload_id}`);
    return withOffset(reply, row).send(progressOf(row));
  };
}
