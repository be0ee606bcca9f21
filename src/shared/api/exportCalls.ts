import { z } from 'zod';
import { userTypeSchema } from '../auth/userTypeSchema.ts';
import { subSessionIdField } from '../ids/idSchemas.ts';
import { JSON_BODY_ANSWERS, TOKEN_ANSWERS, defineCall, problem } from './call.ts';

const EVERYONE = ['patient', 'clinician', 'clinic', 'admin'] as const;
const tag = 'exports';

/** The exports of one sub-session, each a file named `<patient id>_session-<n>.<m>_<kind>` (docs/export-formats.md). */
export const SESSION_EXPORT_KINDS = ['metrics.csv', 'cycles.csv', 'events.csv', 'joints.c3d'] as const;
export type SessionExportKind = (typeof SESSION_EXPORT_KINDS)[number];

/** At most this many sub-sessions in one zip: each is analysed on the server, one after another. */
const MAX_ZIP_SESSIONS = 200;

const id = (name: string) =>
  z
    .string({ error: `${name} not specified` })
    .min(1, `${name} not specified`)
    .max(100, `${name} is too long`);

const query = z.object({ UserType: userTypeSchema.optional() });
const fileHeaders = {
  'Content-Disposition': z
    .string()
    .describe('attachment; filename="<name>"; filename*=UTF-8\'\'<name>: by patient id and session numbers, never ids'),
};
const unprocessable = problem(
  "The session lacks what the export needs, e.g. 'This session has no joint data file, so it has no events to export.', or its recording is too large for the memory the server sets aside for exports ('This recording is too large to export: analysing it does not fit in the 768 MiB the server sets aside for exports.')",
);

const exportZipRequestSchema = z.object({
  SubSessionIDs: z
    .array(subSessionIdField())
    .min(1, 'Select at least one session to export.')
    .max(MAX_ZIP_SESSIONS, `Select at most ${String(MAX_ZIP_SESSIONS)} sessions to export at once.`),
  Kinds: z
    .array(z.enum(SESSION_EXPORT_KINDS, { error: `Kinds are ${SESSION_EXPORT_KINDS.join(', ')}` }))
    .min(1, 'Choose at least one export format.'),
});

/**
 * Exports for other tools (docs/export-formats.md): CSV, C3D and FHIR R4, made on the server from the stored joint
 * data and metrics, scoped to the caller like the session files (another clinic's record answers 404) and audited.
 */
export const exportCalls = {
  exportSession: defineCall({
    method: 'GET',
    path: '/api/export/session/:SubSessionID/:kind',
    tag,
    summary: "Export one sub-session's metrics, gait cycles or events as CSV, or its joint data as C3D",
    description:
      'metrics.csv: metrics per session, bout and side; cycles.csv: one row per gait cycle; events.csv: one row per heel strike and toe off; joints.c3d: the joints as C3D points with the gait events in the EVENT group.',
    access: EVERYONE,
    params: z.object({
      SubSessionID: subSessionIdField(),
      kind: z.enum(SESSION_EXPORT_KINDS, { error: `The export is one of ${SESSION_EXPORT_KINDS.join(', ')}` }),
    }),
    query,
    answers: {
      ...TOKEN_ANSWERS,
      200: { description: 'The export', media: ['text/csv', 'application/octet-stream'], headers: fileHeaders },
      404: problem("'Session not found': unknown, deleted or outside the caller's scope"),
      422: unprocessable,
    },
  }),
  exportSessionsZip: defineCall({
    method: 'POST',
    path: '/api/export/sessions.zip',
    tag,
    summary: 'Export several sub-sessions as one zip, with an index.csv',
    description:
      'Each chosen export of each sub-session under its own name, an index.csv saying which patient and session each file belongs to, and not-exported.csv listing what a session could not give (and why) when anything was left out.',
    access: EVERYONE,
    query,
    body: exportZipRequestSchema,
    answers: {
      ...TOKEN_ANSWERS,
      ...JSON_BODY_ANSWERS,
      200: { description: 'The zip', media: ['application/zip'], headers: fileHeaders },
      404: problem("'Session not found': a sub-session unknown, deleted or outside the caller's scope"),
      422: problem('None of the sessions has what the chosen exports need; the message names the first reason.'),
    },
  }),
  exportPatientFhir: defineCall({
    method: 'GET',
    path: '/api/export/patient/:UniquePatientID/fhir.json',
    tag,
    summary: "A patient's FHIR R4 Bundle: the Patient and one Observation per gait measure and session",
    access: EVERYONE,
    params: z.object({ UniquePatientID: id('UniquePatientID') }),
    query,
    answers: {
      ...TOKEN_ANSWERS,
      200: { description: 'The Bundle (type collection)', media: ['application/fhir+json'], headers: fileHeaders },
      404: problem("'Patient not found': unknown, deleted or outside the caller's scope"),
      422: problem(
        "A session's recording is too large for the memory the server sets aside for exports ('Session 3.1: This recording is too large to export: …'); the Bundle is not made without it",
      ),
    },
  }),
};
