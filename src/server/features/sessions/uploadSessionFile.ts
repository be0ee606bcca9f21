import { Readable } from 'node:stream';
import { MOTION_FILE_ALONE } from '#shared/formats/importRecording';
import { originalExtension } from '#shared/formats/originalMedia';
import type { SessionFileKind, SessionFileType } from '#shared/sessions/sessionFiles';
import type { AuthUser } from '#server/auth/tokens';
import { currentUser } from '#server/http/authenticate';
import type { CallHandler, CallRequest } from '#server/http/serveCall';
import { badRequest, conflict, HttpError, notFound } from '#server/http/errors';
import type { Trx } from '#server/http/idempotency';
import { patientScope } from '#server/scope/recordScope';
import { success } from '#server/records/mutationResult';
import { nextVersion } from '#server/records/versions';
import { inRole, keepUpload, prepareFiles, type Derived, type PreparedUpload } from './derivedFiles.ts';
import { inspectUpload, KIND_LABELS } from './inspectUpload.ts';
import { audited } from '#server/audit/requestAudit';
import type { SessionDeps } from '#server/deps';
import { consumeStaged, storeSessionFiles } from './sessionFileRows.ts';
import { scopedSubSessions } from '#server/records/sessionQuery';
import { onlyStagedFile, stagedUpload } from './stagedFiles.ts';
import { receiveUpload } from './uploadBody.ts';
import { writeWithFiles } from './writeWithFiles.ts';
import type { SubSessionId } from '#shared/ids/ids';

type Request = CallRequest<'uploadSessionFile'>;
type Query = Request['query'];

/** What each file type of the Upload Session File dialog must contain, and which stored file it replaces (docs/spec.md §4). */
const EXPECTED: Record<
  SessionFileType,
  { content: 'jointData' | 'gaitMetrics' | 'clinicFormat' | 'video' | 'motion'; replaces: SessionFileKind }
> = {
  'Joint Data File': { content: 'jointData', replaces: 'jointData' },
  'Gait Metrics File': { content: 'gaitMetrics', replaces: 'gaitMetrics' },
  'Clinic Format File': { content: 'clinicFormat', replaces: 'clinicFormat' },
  'Video File': { content: 'video', replaces: 'video' },
  'Blurred Video File': { content: 'video', replaces: 'blurredVideo' },
  'OpenSim Motion File': { content: 'motion', replaces: 'motion' },
};
type Expected = (typeof EXPECTED)[SessionFileType];
type UploadContent = PreparedUpload['content'];

/** Whether the sub-session's joint data was converted from an OpenCap TRC, which an OpenSim motion file belongs beside. */
async function hasTrcOriginal(trx: Trx, subSessionId: SubSessionId): Promise<boolean> {
  const original = await trx
    .selectFrom('session_files')
    .select('content_type')
    .where('sub_session_id', '=', subSessionId)
    .where('kind', '=', 'originalRecording')
    .executeTakeFirst();
  return original !== undefined && originalExtension(original.content_type) === 'trc';
}

async function findSubSession(trx: Trx, user: AuthUser, query: Query) {
  const row = await scopedSubSessions(trx, patientScope(trx, user), { subSessionId: query.SubSessionID })
    .select(['ss.id', 'ss.date_modified'])
    .where('ss.session_id', '=', query.SessionID)
    .executeTakeFirst();
  if (row === undefined) throw notFound('Session not found');
  return row;
}

/**
 * The request body, streamed to storage, inspected, checked by `accept` and only then kept (what was made from it
 * written beside it); written by this request, so removed if the write fails.
 */
async function receivedFile(
  deps: SessionDeps,
  request: Request,
  derived: Derived,
  accept: (content: UploadContent) => Promise<void>,
): Promise<PreparedUpload> {
  const file = await inspectUpload(deps, await receiveUpload(deps, request));
  derived.created.push(file.key);
  await accept(file.kind);
  return keepUpload(deps, derived, file);
}

/**
 * The one file the caller staged under FileUploadID (a resumable upload), with what was made from it when it
 * arrived. It stays staged until the write commits, so a refusal leaves it for a retry, and the day's purge after that.
 */
async function stagedFile(
  deps: SessionDeps,
  request: Request,
  fileUploadId: string,
  accept: (content: UploadContent) => Promise<void>,
): Promise<PreparedUpload> {
  if (request.body instanceof Readable)
    throw badRequest('Send the file as the request body or name it by FileUploadID, not both.');
  const rows = await deps.database.db
    .selectFrom('upload_staging')
    .selectAll()
    .where('file_upload_id', '=', fileUploadId)
    .where('user_id', '=', currentUser(request).id)
    .execute();
  const upload = stagedUpload(rows, onlyStagedFile(rows));
  await accept(upload.content);
  return upload;
}

/** Refuses an upload whose content is not what its file type says (415), before anything is made from it. */
async function acceptContent(upload: UploadContent, expected: Expected, besideTrc: () => Promise<boolean>) {
  // A recording of any format the portal reads is the session's joint data.
  const content = upload === 'recording' ? 'jointData' : upload;
  const motionAlone = upload === 'motion' && (expected.content !== 'motion' || !(await besideTrc()));
  if (motionAlone) throw new HttpError(415, MOTION_FILE_ALONE);
  if (content !== expected.content) {
    throw new HttpError(415, `The file is a ${KIND_LABELS[upload]}, not a ${KIND_LABELS[expected.content]}.`);
  }
}

/**
 * Replaces one file of a recorded sub-session (docs/spec.md §4, §7 uploadSessionFile). The file must be what its type says,
 * by content; a joint data file also brings freshly computed metrics, a clinic-format file its data in the main
 * storage format, and a recording of another format (as the Joint Data File) its converted joint data and metrics,
 * the original kept beside them. An OpenSim Motion File is kept, byte for byte, only beside joint data converted
 * from an OpenCap TRC (415 otherwise). The file is the request body, or the one the caller staged under FileUploadID
 * with a resumable upload (the web client's outbox). A refused upload changes nothing already stored.
 */
export function uploadSessionFile(deps: SessionDeps): CallHandler<'uploadSessionFile'> {
  return async (request, reply) => {
    const user = currentUser(request);
    const { query } = request;
    const expected = EXPECTED[query.SessionFileType];
    const fileUploadId = query.FileUploadID;
    const staging = fileUploadId === undefined ? '' : ` upload:${fileUploadId}`;
    return audited(
      deps,
      request,
      reply,
      'session.uploadFile',
      `subSession:${query.SubSessionID} ${query.SessionFileType}${staging}`,
      () =>
        writeWithFiles(
          deps,
          request,
          reply,
          async () => {
            const found = await findSubSession(deps.database.db, user, query);
            const besideTrc = () => hasTrcOriginal(deps.database.db, found.id);
            const accept = (content: UploadContent) => acceptContent(content, expected, besideTrc);
            return prepareFiles(deps, async (derived) => {
              const upload =
                fileUploadId === undefined
                  ? await receivedFile(deps, request, derived, accept)
                  : await stagedFile(deps, request, fileUploadId, accept);
              derived.files.push(...inRole(upload, expected.replaces));
            });
          },
          async (trx, derived, release) => {
            const row = await findSubSession(trx, user, query);
            if (fileUploadId !== undefined && !(await consumeStaged(trx, fileUploadId, derived.files)))
              throw conflict('The file of this FileUploadID was already used or replaced; send it again.');
            const version = nextVersion(deps.clock, row.date_modified);
            await storeSessionFiles(trx, row.id, derived.files, release, version, deps.config.blur.method);
            await trx.updateTable('sub_sessions').set({ date_modified: version }).where('id', '=', row.id).execute();
            return success('uploadSessionFile', { DateModified: version });
          },
        ),
    );
  };
}
