import { randomUUID } from 'node:crypto';
import { WALK_TESTS } from '#shared/codes/tests';
import { MOTION_FILE_ALONE } from '#shared/formats/importRecording';
import { originalExtension } from '#shared/formats/originalMedia';
import { currentUser } from '#server/http/authenticate';
import type { CallHandler, CallRequest } from '#server/http/serveCall';
import { badRequest, conflict, HttpError, notFound } from '#server/http/errors';
import type { Trx } from '#server/http/idempotency';
import { clinicianScope, patientScope } from '#server/scope/recordScope';
import type { AuthUser } from '#server/auth/tokens';
import { success } from '#server/records/mutationResult';
import { nextVersion } from '#server/records/versions';
import { inRole, type Derived } from './derivedFiles.ts';
import { audited } from '#server/audit/requestAudit';
import type { SessionDeps } from '#server/deps';
import { consumeStaged, storeSessionFiles } from './sessionFileRows.ts';
import { chooseStagedFiles, stagedUpload, type StagedChoice, type StagedRow } from './stagedFiles.ts';
import { writeWithFiles } from './writeWithFiles.ts';
import { asSessionId, asSubSessionId } from '#shared/ids/ids';

type AddSessionBody = Exclude<CallRequest<'addSession'>['body'], undefined>;

const TEST_IDS = new Set<string>(WALK_TESTS.map((t) => t.TestID));

/**
 * The staged files to commit, as they were staged: each upload in the role the options give it, with what was made
 * from it when it arrived (computed metrics, a clinic file's conversion, a recording's joint data with the original
 * kept beside it); nothing is read or parsed again. Metrics computed give way to a gait metrics file sent with them
 * (storeSessionFiles). An OpenSim motion file is committed only beside an OpenCap TRC (415 otherwise: joint angles
 * alone make no session).
 */
function commitFiles(rows: readonly StagedRow[], chosen: readonly StagedChoice[]): Derived {
  const trc = chosen.some((c) => c.kind === 'jointData' && originalExtension(c.row.content_type) === 'trc');
  if (chosen.some((c) => c.kind === 'motion') && !trc) throw new HttpError(415, MOTION_FILE_ALONE);
  return { files: chosen.flatMap(({ row, kind }) => inRole(stagedUpload(rows, row), kind)), created: [] };
}

/** The session to add the recording to, and its sub-session number: the next free one when the asked one is taken. */
async function placeRecording(trx: Trx, input: AddSessionBody, createdAt: string) {
  const session = await trx
    .selectFrom('sessions')
    .select('id')
    .where('patient_id', '=', input.UniquePatientID)
    .where('session_number', '=', input.SessionNumber)
    .executeTakeFirst();
  if (session === undefined) {
    const id = asSessionId(randomUUID());
    await trx
      .insertInto('sessions')
      .values({ id, patient_id: input.UniquePatientID, session_number: input.SessionNumber, created_at: createdAt })
      .execute();
    return { sessionId: id, subSessionNumber: input.SubSessionNumber };
  }
  const taken = (
    await trx
      .selectFrom('sub_sessions')
      .select('sub_session_number')
      .where('session_id', '=', session.id)
      .where('deleted_at', 'is', null)
      .execute()
  ).map((r) => r.sub_session_number);
  if (taken.length > 0 && !input.AppendToExistingSessionIfFound) {
    throw conflict(`Session ${String(input.SessionNumber)} already exists for this patient`);
  }
  const subSessionNumber = taken.includes(input.SubSessionNumber) ? Math.max(...taken) + 1 : input.SubSessionNumber;
  return { sessionId: session.id, subSessionNumber };
}

async function checkReferences(trx: Trx, user: AuthUser, input: AddSessionBody): Promise<void> {
  const scope = patientScope(trx, user);
  const patient = await trx
    .selectFrom('patients')
    .select('id')
    .where('id', '=', input.UniquePatientID)
    .where('deleted_at', 'is', null)
    .where((eb) => scope(eb.ref('patients.id'), { only: input.UniquePatientID }))
    .executeTakeFirst();
  if (patient === undefined) throw notFound('Patient not found');
  const clinicians = clinicianScope(trx, user);
  const clinician = await trx
    .selectFrom('clinicians')
    .select('id')
    .where('id', '=', input.ClinicianID)
    .where('deleted_at', 'is', null)
    .where((eb) => clinicians(eb.ref('clinicians.id')))
    .executeTakeFirst();
  if (clinician === undefined) throw notFound('Clinician not found');
  if (!TEST_IDS.has(input.TestID)) throw badRequest('TestID is not recognised');
}

/**
 * Adds a recording (docs/spec.md §7 addSession): a new session, or with AppendToExistingSessionIfFound a further sub-session
 * of the patient's session with that number, with the files staged under FileUploadID as the upload options say.
 */
export function addSession(deps: SessionDeps): CallHandler<'addSession'> {
  return async (request, reply) => {
    const user = currentUser(request);
    const input = request.body;
    const needsFiles = input.FileUploadTypeOptions !== 'None' || input.VideoUploadTypeOptions !== 'None';
    return audited(
      deps,
      request,
      reply,
      'session.add',
      `patient:${input.UniquePatientID} session:${String(input.SessionNumber)}`,
      () =>
        writeWithFiles(
          deps,
          request,
          reply,
          async () => {
            if (needsFiles && input.FileUploadID === '') throw badRequest('FileUploadID not specified');
            // Files sent under a FileUploadID are looked at even with no upload option: a staged OpenSim motion
            // file must be refused rather than silently left behind.
            const staged =
              needsFiles || input.FileUploadID !== ''
                ? await deps.database.db
                    .selectFrom('upload_staging')
                    .selectAll()
                    .where('file_upload_id', '=', input.FileUploadID)
                    .where('user_id', '=', user.id)
                    .execute()
                : [];
            return commitFiles(
              staged,
              chooseStagedFiles(staged, input.FileUploadTypeOptions, input.VideoUploadTypeOptions),
            );
          },
          async (trx, derived, release) => {
            await checkReferences(trx, user, input);
            const version = nextVersion(deps.clock);
            const { sessionId, subSessionNumber } = await placeRecording(trx, input, version);
            if (!(await consumeStaged(trx, input.FileUploadID, derived.files))) {
              throw conflict('The files of this FileUploadID were already used or replaced; send them again.');
            }
            const subSessionId = asSubSessionId(randomUUID());
            await trx
              .insertInto('sub_sessions')
              .values({
                id: subSessionId,
                session_id: sessionId,
                sub_session_number: subSessionNumber,
                date_time: input.DateTime,
                clinician_id: input.ClinicianID,
                test_id: input.TestID,
                date_modified: version,
                deleted_at: null,
              })
              .execute();
            await storeSessionFiles(trx, subSessionId, derived.files, release, version, deps.config.blur.method);
            return success('addSession', { SessionID: sessionId, SubSessionID: subSessionId, DateModified: version });
          },
        ),
    );
  };
}
