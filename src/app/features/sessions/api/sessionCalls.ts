import type { Body } from '#shared/api/calls';
import { sessionAndSubSessionNumber, type Session } from '#shared/sessions/session';
import type { SessionFileType } from '#shared/sessions/sessionFiles';
import { withMirrorDb, type QueuedFile } from '#app/lib/mirror/db';
import { submitMutation, submitStagedFile } from '#app/lib/mirror/outbox';
import type { FileProgressListener } from '#app/lib/mirror/outboxUpload';
import { newFileUploadId, videoKindOf } from '../addSessionUploads.ts';

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

/** What the outbox page calls a replacement: the session it is for, as the Upload Session File dialog names it. */
export const replacementSubject = (session: Session) =>
  `${session.PatientName} (${session.GivenPatientID}), session ${sessionAndSubSessionNumber(session)}`;

/**
 * docs/spec.md §7 uploadSessionFile, through the outbox like Add Session: the file is stored on the device with the call,
 * sent resumably under a fresh FileUploadID, then the call names it; the session list re-syncs after it. Replacements
 * in one sub-session are sent in the order they were made.
 */
export function uploadSessionFile(
  session: Session,
  fileType: SessionFileType,
  file: File,
  onProgress?: FileProgressListener,
) {
  const videoKind = videoKindOf(fileType);
  return submitStagedFile(
    {
      SessionID: session.SessionID,
      SubSessionID: session.SubSessionID,
      SessionFileType: fileType,
      FileUploadID: newFileUploadId(),
    },
    { name: file.name, blob: file, ...(videoKind === undefined ? {} : { videoKind }) },
    { recordKey: session.SubSessionID, subject: replacementSubject(session), onProgress },
  );
}
