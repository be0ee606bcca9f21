import type { Body } from '#shared/api/calls';
import type { UserType } from '#shared/auth/userTypes';
import type { Session } from '#shared/sessions/session';
import type { SessionFileType } from '#shared/sessions/sessionFiles';
import { queryClient } from '#app/lib/queryClient';
import { withMirrorDb, type QueuedFile } from '#app/lib/mirror/db';
import { submitMutation, type MutationAnswer } from '#app/lib/mirror/outbox';
import type { FileProgressListener } from '#app/lib/mirror/outboxUpload';
import { mirrorSyncKey } from '#app/lib/mirror/sync';
import { postSessionFile, type FileUpload } from './postSessionFile.ts';

/**
 * docs/spec.md §7 addSession, through the outbox (docs/design.md Data flow 3) with its files: they are stored on the device with
 * the call, sent resumably under FileUploadID, then the session is added; the session list re-syncs after it. A
 * session of a patient whose add (or edit) still waits in the outbox is queued behind it as a change of that record
 * (docs/design.md Data flow 5), so it is never sent before the server has the patient, not even by this call.
 */
export async function addSession(
  body: Body<'addSession'>,
  files: QueuedFile[] = [],
  onProgress?: FileProgressListener,
) {
  const patientWaits = await withMirrorDb(
    async (db) => (await db.outbox.where('recordKey').equals(body.UniquePatientID).count()) > 0,
  );
  return submitMutation('addSession', body, {
    recordKey: patientWaits ? body.UniquePatientID : body.FileUploadID,
    ...(files.length > 0 ? { files, onProgress } : {}),
  });
}

/** docs/spec.md §7 POST uploadSessionFile: replaces or adds one file of an existing session. */
export async function uploadSessionFile(
  type: UserType,
  session: Session,
  fileType: SessionFileType,
  upload: FileUpload,
): Promise<MutationAnswer> {
  const answer = await postSessionFile(
    '/api/uploadSessionFile',
    { UserType: type, SessionID: session.SessionID, SubSessionID: session.SubSessionID, SessionFileType: fileType },
    upload,
  );
  void queryClient.invalidateQueries({ queryKey: mirrorSyncKey('sessions') });
  return answer;
}
