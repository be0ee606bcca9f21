import { randomUUID } from 'node:crypto';
import { WALK_TESTS } from '#shared/codes/tests';
import { MOTION_FILE_ALONE } from '#shared/formats/importRecording';
import { recogniseFormat } from '#shared/formats/recogniseFormat';
import { SNIFF_BYTES } from '#shared/sessions/sniffSessionFile';
import { currentUser } from '#server/http/authenticate';
import type { CallHandler, CallRequest } from '#server/http/serveCall';
import { badRequest, conflict, HttpError, notFound } from '#server/http/errors';
import type { Trx } from '#server/http/idempotency';
import { clinicianScope, patientScope } from '#server/scope/recordScope';
import type { AuthUser } from '#server/auth/tokens';
import { success } from '#server/records/mutationResult';
import { nextVersion } from '#server/records/versions';
import {
  addComputedMetrics,
  addConvertedClinicFiles,
  addConvertedRecording,
  discardFiles,
  prepareFiles,
  type Derived,
} from './derivedFiles.ts';
import { audited } from '#server/audit/requestAudit';
import type { SessionDeps } from '#server/deps';
import { consumeStaged, storeSessionFiles } from './sessionFileRows.ts';
import { chooseStagedFiles, type StagedChoice } from './stagedFiles.ts';
import { writeWithFiles } from './writeWithFiles.ts';

type AddSessionBody = Exclude<CallRequest<'addSession'>['body'], undefined>;

const TEST_IDS = new Set<string>(WALK_TESTS.map((t) => t.TestID));

/**
 * The staged files to commit, plus what they imply: metrics computed from joint data (unless gait metrics came too),
 * a clinic file's conversion, and for a recording of another format its conversion, the original kept beside it. An
 * OpenSim motion file is committed only beside an OpenCap TRC (415 otherwise: joint angles alone make no session).
 */
async function prepareCommit(deps: SessionDeps, chosen: readonly StagedChoice[]): Promise<Derived> {
  // Staged files were checked when they arrived; the worker reads them again to derive what is stored with them.
  const analysed = async (file: { key: string; size: number }) => {
    const analysis = await deps.analyser.analyse(file, true);
    if (!analysis.ok) throw new HttpError(analysis.status, analysis.error);
    return analysis;
  };
  const withMetrics = !chosen.some((c) => c.kind === 'gaitMetrics');
  let besideTrc = false;
  const derived = await prepareFiles(deps, async (derived) => {
    for (const { row, kind } of chosen) {
      const staged = {
        key: row.storage_key,
        size: Number(row.size),
        sha256: row.sha256,
        contentType: row.content_type,
        kind,
        origin: 'uploaded' as const,
        stagedSlot: row.slot,
      };
      if (kind === 'jointData' && (withMetrics || (await isConverted(deps, row.storage_key)))) {
        const analysis = await analysed(staged);
        if (analysis.kind === 'recording' && analysis.conversion !== undefined) {
          besideTrc = analysis.format === 'opencapTrc';
          await addConvertedRecording(deps, derived, staged, analysis.conversion, withMetrics);
          continue;
        }
        derived.files.push(staged);
        if (analysis.kind === 'jointData' && withMetrics) await addComputedMetrics(deps, derived, analysis.metricsText);
        continue;
      }
      derived.files.push(staged);
      if (kind === 'clinicFormat') {
        const analysis = await analysed(staged);
        if (analysis.kind === 'clinicFormat' && analysis.conversion !== undefined) {
          await addConvertedClinicFiles(deps, derived, analysis.conversion);
        }
      }
    }
  });
  if (chosen.some((c) => c.kind === 'motion') && !besideTrc) {
    await discardFiles(deps, derived.created);
    throw new HttpError(415, MOTION_FILE_ALONE);
  }
  return derived;
}

/** Whether a staged joint data upload is a recording of another format, to be converted (by its first bytes). */
async function isConverted(deps: SessionDeps, key: string): Promise<boolean> {
  const head = await deps.storage.readBytes(key, 0, SNIFF_BYTES);
  const recognised = recogniseFormat(head);
  return recognised.ok && recognised.format !== 'jointData';
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
    const id = randomUUID();
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
            return prepareCommit(
              deps,
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
            const subSessionId = randomUUID();
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
