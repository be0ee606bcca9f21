import { MOTION_FILE_ALONE } from '#shared/formats/importRecording';
import { originalExtension } from '#shared/formats/originalMedia';
import type { SessionFileKind, SessionFileType } from '#shared/sessions/sessionFiles';
import type { AuthUser } from '#server/auth/tokens';
import { currentUser } from '#server/http/authenticate';
import type { CallHandler, CallRequest } from '#server/http/serveCall';
import { HttpError, notFound } from '#server/http/errors';
import type { Trx } from '#server/http/idempotency';
import { patientScope } from '#server/scope/recordScope';
import { success } from '#server/records/mutationResult';
import { nextVersion } from '#server/records/versions';
import {
  addComputedMetrics,
  addConvertedClinicFiles,
  addConvertedRecording,
  asUploaded,
  prepareFiles,
} from './derivedFiles.ts';
import { inspectUpload, KIND_LABELS } from './inspectUpload.ts';
import { audited } from '#server/audit/requestAudit';
import type { SessionDeps } from '#server/deps';
import { storeSessionFiles } from './sessionFileRows.ts';
import { scopedSubSessions } from '#server/records/sessionQuery';
import { receiveUpload } from './uploadBody.ts';
import { writeWithFiles } from './writeWithFiles.ts';

type Query = CallRequest<'uploadSessionFile'>['query'];

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

/** Whether the sub-session's joint data was converted from an OpenCap TRC, which an OpenSim motion file belongs beside. */
async function hasTrcOriginal(trx: Trx, subSessionId: string): Promise<boolean> {
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
 * Replaces one file of a recorded sub-session (docs/spec.md §4, §7 uploadSessionFile). The file must be what its type says,
 * by content; a joint data file also brings freshly computed metrics, a clinic-format file its data in the main
 * storage format, and a recording of another format (as the Joint Data File) its converted joint data and metrics,
 * the original kept beside them. An OpenSim Motion File is kept, byte for byte, only beside joint data converted
 * from an OpenCap TRC (415 otherwise). A refused upload changes nothing already stored.
 */
export function uploadSessionFile(deps: SessionDeps): CallHandler<'uploadSessionFile'> {
  return async (request, reply) => {
    const user = currentUser(request);
    const { query } = request;
    const expected = EXPECTED[query.SessionFileType];
    return audited(
      deps,
      request,
      reply,
      'session.uploadFile',
      `subSession:${query.SubSessionID} ${query.SessionFileType}`,
      () =>
        writeWithFiles(
          deps,
          request,
          reply,
          async () => {
            const found = await findSubSession(deps.database.db, user, query);
            return prepareFiles(deps, async (derived) => {
              const file = await inspectUpload(deps, await receiveUpload(deps, request), true);
              derived.created.push(file.key);
              // A recording of any format the portal reads is the session's joint data.
              const content = file.kind === 'recording' ? 'jointData' : file.kind;
              const motionAlone =
                file.kind === 'motion' &&
                (expected.content !== 'motion' || !(await hasTrcOriginal(deps.database.db, found.id)));
              if (motionAlone) throw new HttpError(415, MOTION_FILE_ALONE);
              if (content !== expected.content) {
                throw new HttpError(
                  415,
                  `The file is a ${KIND_LABELS[file.kind]}, not a ${KIND_LABELS[expected.content]}.`,
                );
              }
              if (file.kind === 'recording' && file.conversion !== undefined) {
                return addConvertedRecording(deps, derived, asUploaded(file), file.conversion, true);
              }
              derived.files.push(asUploaded(file, expected.replaces));
              if (file.kind === 'jointData') await addComputedMetrics(deps, derived, file.metricsText);
              if (file.kind === 'clinicFormat' && file.conversion !== undefined) {
                await addConvertedClinicFiles(deps, derived, file.conversion);
              }
            });
          },
          async (trx, derived, release) => {
            const row = await findSubSession(trx, user, query);
            const version = nextVersion(deps.clock, row.date_modified);
            await storeSessionFiles(trx, row.id, derived.files, release, version);
            await trx.updateTable('sub_sessions').set({ date_modified: version }).where('id', '=', row.id).execute();
            return success('uploadSessionFile', { DateModified: version });
          },
        ),
    );
  };
}
