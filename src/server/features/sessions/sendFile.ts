import { currentUser } from '#server/http/authenticate';
import type { CallHandler } from '#server/http/serveCall';
import { success } from '#server/records/mutationResult';
import { acceptUpload } from './acceptUpload.ts';
import { audited } from '#server/audit/requestAudit';
import type { SessionDeps } from '#server/deps';
import { stageFile } from './stageUpload.ts';
import { receiveUpload } from './uploadBody.ts';
import { writeWithFiles } from './writeWithFiles.ts';

/**
 * Receives one file of an Add Session (docs/spec.md §7 addSession/sendFile) and stages it under its FileUploadID, in storage
 * and in the database, so that whichever server instance receives addSession can commit it. What the file is comes
 * from its content; sending the same kind again under the same FileUploadID replaces the staged one.
 */
export function sendFile(deps: SessionDeps): CallHandler<'sendFile'> {
  return async (request, reply) => {
    const user = currentUser(request);
    const { query } = request;
    const target = { fileUploadId: query.FileUploadID, fileName: query.FileName, videoKind: query.VideoKind };
    return audited(deps, request, reply, 'session.sendFile', `upload:${query.FileUploadID}`, () =>
      writeWithFiles(
        deps,
        request,
        reply,
        async () => acceptUpload(deps, await receiveUpload(deps, request)),
        async (trx, derived, release) =>
          success('sendFile', await stageFile(trx, deps.clock(), user, target, derived.files, release)),
      ),
    );
  };
}
