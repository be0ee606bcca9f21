import { z } from 'zod';
import { userTypeSchema } from '../auth/userTypeSchema.ts';
import { clinicSchema } from '../records/clinic.ts';
import { clinicianSchema } from '../records/clinician.ts';
import {
  addClinicianSchema,
  addClinicianToClinicSchema,
  getClinicFromClinicianSchema,
  removeClinicianSchema,
  updateClinicianSchema,
} from '../records/clinicianSchemas.ts';
import { pageAnswerFields, pageAnswerHeaders, pageQueryFields } from '../records/paging.ts';
import { deltaFieldsSchema, modifiedSinceSchema } from '../records/sync.ts';
import {
  changed,
  defineCall,
  idempotencyHeaders,
  JSON_BODY_ANSWERS,
  KEY_REUSED_WITH_ANOTHER_REQUEST,
  problem,
  TOKEN_ANSWERS,
} from './call.ts';
import { staleEditAnswer, writeAnswer } from './results.ts';

const MANAGERS = ['clinic', 'admin'] as const;
const tag = 'clinicians';

const clinicianWritten = writeAnswer({ ClinicianID: z.string(), DateModified: z.string() });
const notFound = problem("'Clinician not found': no such clinician in the caller's scope");
const idQuery = z.object({
  id: z.string({ error: 'id not specified' }).min(1, 'id not specified').max(100, 'id is too long'),
  UserType: userTypeSchema.optional(),
  includeExtraInfo: z.string().optional(),
});

/** The clinician calls (docs/spec.md §7). Patients have none: they see their clinicians' names on their own record. */
export const clinicianCalls = {
  clinicians: defineCall({
    method: 'GET',
    path: '/api/clinicians',
    tag,
    summary: 'The clinicians the caller may see',
    description:
      'A page at a time in ClinicianID order (follow nextCursor until it is null): whole, or with modifiedSince only those changed since, tombstones of those gone since after the rows. Every page carries the serverTime of the first.',
    access: MANAGERS,
    query: z.object({
      UserType: userTypeSchema.optional(),
      includeExtraInfo: z.string().optional(),
      modifiedSince: modifiedSinceSchema,
      ...pageQueryFields,
    }),
    answers: {
      ...TOKEN_ANSWERS,
      200: {
        description: 'The clinicians in scope',
        json: z.object({ clinicians: z.array(clinicianSchema), ...deltaFieldsSchema, ...pageAnswerFields }),
        headers: pageAnswerHeaders,
      },
    },
  }),
  clinician: defineCall({
    method: 'GET',
    path: '/api/clinician',
    tag,
    summary: 'One clinician record, with ClinicIDs and ClinicNames',
    access: ['clinician', ...MANAGERS],
    query: idQuery,
    answers: {
      ...TOKEN_ANSWERS,
      200: { description: 'The clinician, as clinicians[0]', json: z.object({ clinicians: z.array(clinicianSchema) }) },
      404: notFound,
    },
  }),
  addClinician: defineCall({
    method: 'POST',
    path: '/api/addClinician',
    tag,
    summary: 'Add a clinician',
    description: "A clinic's new clinician joins that clinic; the admin chooses ClinicIDs and ElevatedAccess.",
    access: MANAGERS,
    idempotent: true,
    headers: idempotencyHeaders,
    body: addClinicianSchema,
    answers: {
      ...TOKEN_ANSWERS,
      ...KEY_REUSED_WITH_ANOTHER_REQUEST,
      ...JSON_BODY_ANSWERS,
      200: changed('Added', clinicianWritten),
      404: problem("'ClinicIDs contains an unknown id'"),
      409: problem('A clinician with this ClinicianID already exists, or the Idempotency-Key was used elsewhere'),
    },
  }),
  updateClinician: defineCall({
    method: 'POST',
    path: '/api/updateClinician',
    tag,
    summary: 'Edit a clinician',
    description:
      "Only from the version the editor saw. ClinicIDs and ElevatedAccess change only by the admin; the login of a clinician who also works for another clinic only by the admin; one's own password only through Change Password.",
    access: ['clinician', ...MANAGERS],
    idempotent: true,
    headers: idempotencyHeaders,
    body: updateClinicianSchema,
    answers: {
      ...TOKEN_ANSWERS,
      ...KEY_REUSED_WITH_ANOTHER_REQUEST,
      ...JSON_BODY_ANSWERS,
      200: changed('Saved', clinicianWritten),
      403: problem('A login the caller may not change, or the role may not make this call'),
      404: problem("'Clinician not found', or 'ClinicIDs contains an unknown id'"),
      409: {
        description: 'Changed by someone else since it was opened (with the current record); or the key was reused',
        json: staleEditAnswer(clinicianSchema),
      },
    },
  }),
  removeClinician: defineCall({
    method: 'POST',
    path: '/api/removeClinician',
    tag,
    summary: 'Remove a clinician',
    description:
      "The admin deletes the clinician (a tombstone). A clinic administrator removes the clinician from its own clinic: one who works for no other clinic is deleted, one who also works for another stays there. Refused while the clinician has patients: any patient for a deletion, this clinic's when the clinician only leaves it.",
    access: MANAGERS,
    idempotent: true,
    headers: idempotencyHeaders,
    body: removeClinicianSchema,
    answers: {
      ...TOKEN_ANSWERS,
      ...KEY_REUSED_WITH_ANOTHER_REQUEST,
      ...JSON_BODY_ANSWERS,
      200: changed(
        "Removed: 'deleted', or 'fromClinic' when the clinician also works for another clinic and stays there",
        writeAnswer({
          ClinicianID: z.string(),
          DateModified: z.string(),
          Removed: z.enum(['deleted', 'fromClinic']),
        }),
      ),
      404: notFound,
      409: problem('The clinician still has patients (of this clinic); or the Idempotency-Key was used elsewhere'),
    },
  }),
  addClinicianToClinic: defineCall({
    method: 'POST',
    path: '/api/addClinicianToClinic',
    tag,
    summary: 'Link a clinician to a clinic',
    description:
      'The admin links any pair; a clinic administrator only its own clinic and a clinician already in its scope.',
    access: MANAGERS,
    idempotent: true,
    headers: idempotencyHeaders,
    body: addClinicianToClinicSchema,
    answers: {
      ...TOKEN_ANSWERS,
      ...KEY_REUSED_WITH_ANOTHER_REQUEST,
      ...JSON_BODY_ANSWERS,
      200: changed('Linked', clinicianWritten),
      404: problem("'Clinician or clinic not found', outside the caller's scope alike"),
      409: problem('This Idempotency-Key was already used for another request.'),
    },
  }),
  getClinicFromClinician: defineCall({
    method: 'GET',
    path: '/api/getClinicFromClinician',
    tag,
    summary: "A clinician's clinics",
    access: MANAGERS,
    query: getClinicFromClinicianSchema,
    answers: {
      ...TOKEN_ANSWERS,
      200: { description: 'The clinics in the caller’s scope', json: z.object({ clinics: z.array(clinicSchema) }) },
      404: notFound,
    },
  }),
};
