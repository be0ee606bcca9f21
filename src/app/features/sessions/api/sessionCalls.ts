import type { UserType } from '#shared/auth/userTypes';
import type { Session } from '#shared/sessions/session';
import type { FileUploadTypeOption, SessionFileType, VideoUploadTypeOption } from '#shared/sessions/sessionFiles';
import { queryClient } from '#app/lib/queryClient';
import { submitMutation, type MutationAnswer } from '#app/lib/mirror/outbox';
import { mirrorSyncKey } from '#app/lib/mirror/sync';
import { postSessionFile, type FileUpload } from './postSessionFile.ts';

/** Spec §7 POST addSession/sendFile: stages one file of a session being added, under its FileUploadID. */
export function sendAddSessionFile(
  type: UserType,
  fileUploadId: string,
  videoKind: 'Blurred' | 'Unblurred' | undefined,
  upload: FileUpload,
): Promise<MutationAnswer> {
  const searchParams: Record<string, string> = { UserType: type, FileUploadID: fileUploadId, FileName: upload.file.name };
  if (videoKind) searchParams.VideoKind = videoKind;
  return postSessionFile('/api/addSession/sendFile', searchParams, upload);
}

export type AddSessionBody = {
  SessionNumber: number;
  SubSessionNumber: number;
  UniquePatientID: string;
  ClinicianID: string;
  TestID: string;
  DateTime: string;
  FileUploadID: string;
  FileUploadTypeOptions: FileUploadTypeOption;
  VideoUploadTypeOptions: VideoUploadTypeOption;
  AppendToExistingSessionIfFound: boolean;
};

/** Spec §7 addSession, through the outbox (DESIGN.md Data flow 3); the session list re-syncs after it. */
export function addSession(body: AddSessionBody): Promise<MutationAnswer> {
  return submitMutation('addSession', body, { recordKey: body.FileUploadID });
}

/** Spec §7 POST uploadSessionFile: replaces or adds one file of an existing session. */
export async function uploadSessionFile(type: UserType, session: Session, fileType: SessionFileType, upload: FileUpload): Promise<MutationAnswer> {
  const answer = await postSessionFile(
    '/api/uploadSessionFile',
    { UserType: type, SessionID: session.SessionID, SubSessionID: session.SubSessionID, SessionFileType: fileType },
    upload,
  );
  void queryClient.invalidateQueries({ queryKey: mirrorSyncKey('sessions') });
  return answer;
}
