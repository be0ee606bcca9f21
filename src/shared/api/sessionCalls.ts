import { z } from 'zod';
import { sessionSchema } from '../sessions/sessionSchema.ts';
import {
  UPLOAD_CONTENT_KINDS,
  UPLOAD_CONTENT_TYPES,
  VIDEO_KINDS,
  addSessionSchema,
  listSessionsQuerySchema,
  patientSessionsQuerySchema,
  removeSessionSchema,
  sessionQuerySchema,
  sendFileQuerySchema,
  uploadSessionFileQuerySchema,
} from '../sessions/sessionSchemas.ts';
import { pageAnswerFields, pageAnswerHeaders } from '../records/paging.ts';
import { deltaFieldsSchema } from '../records/sync.ts';
import {
  changed,
  defineCall,
  idempotencyHeaders,
  JSON_BODY_ANSWERS,
  KEY_REUSED_WITH_ANOTHER_REQUEST,
  problem,
  TOKEN_ANSWERS,
} from './call.ts';
import { writeAnswer } from './results.ts';

const EVERYONE = ['patient', 'clinician', 'clinic', 'admin'] as const;
const ADMIN = ['admin'] as const;
const tag = 'sessions';

/** A file sent as the request body, streamed to storage; what it is comes from its content, never its name or type. */
export const fileBody = z
  .unknown()
  .meta({ type: 'string', format: 'binary', description: 'The file, as the request body' });

/** What a staged file was recognised as (sendFile, and a finished resumable upload). */
export const stagedFileFields = {
  FileUploadID: z.string(),
  Kind: z.enum(UPLOAD_CONTENT_KINDS).describe('What the content is'),
  VideoKind: z.enum(VIDEO_KINDS).nullable().describe('Which video this is, for VideoUploadTypeOptions Both'),
};

/**
 * The refusals of a received file: empty or damaged, too large, or not a session file (by its content). Accepted by
 * content, never by name: an MP4 video; a joint data file, gait metrics file or clinic-format file; or a recording in
 * C3D, Azure Kinect Body Tracking JSON, Kinect v2 CSV or JSON, MediaPipe Pose world landmarks JSON or OpenCap TRC,
 * which is converted into the joint data file and kept as the session's original recording (docs/import-formats.md).
 */
export const FILE_REFUSALS = {
  400: problem(
    "Bad input, an empty file, or a damaged one (the parser's or importer's message, e.g. 'Clinic-format file, Line 7: …')",
  ),
  413: problem('Too large to store, or its recording does not fit the memory the server sets aside to analyse it'),
  422: problem(
    "Its analysis took longer than the time the server gives a file of its size ('The file could not be analysed in the … s the server gives a file of its size; …'); nothing is stored",
  ),
  415: problem(
    "Not a session file ('The file is not a session file: expected a recording (…the accepted formats…), a gait metrics file (JSON), a clinic-format text file or an MP4 video.'), an OpenSim motion file without the OpenCap TRC it belongs beside, or not the kind SessionFileType says",
  ),
} as const;

/** The recording calls (docs/spec.md §7): lists for everyone in scope; adding, removing and files for the admin. */
export const sessionCalls = {
  sessions: defineCall({
    method: 'GET',
    path: '/api/sessions',
    tag,
    summary: 'The sessions the caller may see, one row per sub-session',
    description:
      'A page at a time in SubSessionID order (follow nextCursor until it is null); with modifiedSince a delta, its tombstones after the rows. Every page carries the serverTime of the first: store it once the last page is in.',
    access: EVERYONE,
    query: listSessionsQuerySchema,
    answers: {
      ...TOKEN_ANSWERS,
      200: {
        description: 'The sessions in scope',
        json: z.object({ sessions: z.array(sessionSchema), ...deltaFieldsSchema, ...pageAnswerFields }),
        headers: pageAnswerHeaders,
      },
    },
  }),
  patientSessions: defineCall({
    method: 'GET',
    path: '/api/patientSessions',
    tag,
    summary: "One patient's sessions",
    access: EVERYONE,
    query: patientSessionsQuerySchema,
    answers: {
      ...TOKEN_ANSWERS,
      200: { description: "The patient's sessions", json: z.object({ sessions: z.array(sessionSchema) }) },
      404: problem("'Patient not found': no such patient in the caller's scope"),
    },
  }),
  session: defineCall({
    method: 'GET',
    path: '/api/session',
    tag,
    summary: "One session's sub-sessions",
    description:
      'The sub-sessions of the session with this SessionID, in session then sub-session order: what the skeleton viewer opened from a link shows and steps through before the session list has synced.',
    access: EVERYONE,
    query: sessionQuerySchema,
    answers: {
      ...TOKEN_ANSWERS,
      200: { description: "The session's sub-sessions", json: z.object({ sessions: z.array(sessionSchema) }) },
      404: problem("'Session not found': no such session in the caller's scope"),
    },
  }),
  addSession: defineCall({
    method: 'POST',
    path: '/api/addSession',
    tag,
    summary: 'Add a recording',
    description:
      'A new session, or with AppendToExistingSessionIfFound a further sub-session of the session with that number, with the files staged under FileUploadID as the upload options say. Joint data without a metrics file also gets the metrics the gait engine computes.',
    access: ADMIN,
    idempotent: true,
    headers: idempotencyHeaders,
    body: addSessionSchema,
    answers: {
      ...TOKEN_ANSWERS,
      ...KEY_REUSED_WITH_ANOTHER_REQUEST,
      ...JSON_BODY_ANSWERS,
      200: changed('Added', writeAnswer({ SessionID: z.string(), SubSessionID: z.string(), DateModified: z.string() })),
      404: problem("'Patient not found' or 'Clinician not found' in the caller's scope"),
      409: problem(
        'The session number exists (AppendToExistingSessionIfFound false), the staged files were already used, or the key was reused',
      ),
      413: FILE_REFUSALS[413],
      422: FILE_REFUSALS[422],
      415: problem(
        "An OpenSim motion file was staged without an OpenCap TRC as the joint data ('An OpenSim motion file holds joint angles, not joint positions, so it cannot make a session on its own: …'); nothing is stored",
      ),
    },
  }),
  removeSession: defineCall({
    method: 'POST',
    path: '/api/removeSession',
    tag,
    summary: 'Remove a recording (one sub-session) and its files',
    access: ADMIN,
    idempotent: true,
    headers: idempotencyHeaders,
    body: removeSessionSchema,
    answers: {
      ...TOKEN_ANSWERS,
      ...KEY_REUSED_WITH_ANOTHER_REQUEST,
      ...JSON_BODY_ANSWERS,
      200: changed(
        'Removed: a tombstone is left for delta sync',
        writeAnswer({ SessionID: z.string(), SubSessionID: z.string(), DateModified: z.string() }),
      ),
      404: problem("'Session not found'"),
      409: problem('This Idempotency-Key was already used for another request.'),
    },
  }),
  sendFile: defineCall({
    method: 'POST',
    path: '/api/addSession/sendFile',
    tag,
    summary: 'Stage one file of an Add Session',
    description:
      'Stored under FileUploadID until addSession commits it (a day at most). The same kind sent again replaces it. A recording in another format (C3D, Azure Kinect, Kinect v2, MediaPipe, OpenCap TRC) is checked by converting it and staged as jointData; addSession stores the converted joint data file, its metrics, and the upload byte for byte as the OriginalRecording. An OpenSim motion file (.mot) is staged as motion and committed byte for byte as the MotionFile, only beside an OpenCap TRC (addSession answers 415 otherwise).',
    access: ADMIN,
    idempotent: true,
    headers: idempotencyHeaders,
    query: sendFileQuerySchema,
    consumes: UPLOAD_CONTENT_TYPES,
    body: fileBody,
    answers: {
      ...TOKEN_ANSWERS,
      ...KEY_REUSED_WITH_ANOTHER_REQUEST,
      ...FILE_REFUSALS,
      200: changed('Staged', writeAnswer(stagedFileFields)),
      409: problem('The FileUploadID is in use by another user, or the key was reused'),
    },
  }),
  uploadSessionFile: defineCall({
    method: 'POST',
    path: '/api/uploadSessionFile',
    tag,
    summary: 'Replace one file of a recording',
    description:
      'Joint Data File replaces Data (and recomputes metrics unless a user supplied them): a joint data file as it is, a recording in another format (C3D, Azure Kinect, Kinect v2, MediaPipe, OpenCap TRC) converted, the upload kept byte for byte as the OriginalRecording (a joint data file drops an earlier one); Gait Metrics File replaces GaitMetrics; Clinic Format File the clinic file and Data or GaitMetrics; Video File the unblurred video, Blurred Video File the blurred one; OpenSim Motion File stores a .mot byte for byte as the MotionFile beside joint data converted from an OpenCap TRC (415 for any other session, and for a .mot sent as Joint Data File). Any joint data file drops the motion file of the recording it replaces. The file is the request body, or, with FileUploadID and no body, the one file the caller staged under that id with a resumable upload (/api/uploads): it is checked as a body would be and leaves staging once stored; a refused one stays staged. What the web client sends, through its outbox, so that a video cut off halfway resumes.',
    access: ADMIN,
    idempotent: true,
    headers: idempotencyHeaders,
    query: uploadSessionFileQuerySchema,
    consumes: UPLOAD_CONTENT_TYPES,
    body: fileBody,
    answers: {
      ...TOKEN_ANSWERS,
      ...KEY_REUSED_WITH_ANOTHER_REQUEST,
      ...FILE_REFUSALS,
      200: changed('Replaced', writeAnswer({ DateModified: z.string() })),
      400: problem(
        "Bad input, an empty or damaged file, or no single file staged by the caller under FileUploadID ('No file was sent with this FileUploadID.')",
      ),
      404: problem("'Session not found'"),
      409: problem('The staged file was used by another request meanwhile, or the Idempotency-Key was reused'),
    },
  }),
};
