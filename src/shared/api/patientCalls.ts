import { z } from 'zod';
import { userTypeSchema } from '../auth/userTypeSchema.ts';
import { codeTreeNodeSchema } from '../codes/codeTree.ts';
import { patientSchema } from '../records/patient.ts';
import { addPatientSchema, removePatientSchema, updatePatientSchema } from '../records/patientSchemas.ts';
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

const STAFF = ['clinician', 'clinic', 'admin'] as const;
const tag = 'patients';

const patientWritten = writeAnswer({ UniquePatientID: z.string(), DateModified: z.string() });
const notFound = problem("'Patient not found': no such patient in the caller's scope");

/** The patient calls (docs/spec.md §7): every one scoped to the caller, a patient outside the scope answering 404. */
export const patientCalls = {
  patients: defineCall({
    method: 'GET',
    path: '/api/patients',
    tag,
    summary: 'The patients the caller may see',
    description:
      'A page at a time in UniquePatientID order (follow nextCursor until it is null): whole, or with modifiedSince only those changed since, their tombstones after the rows. Every page carries the serverTime of the first: store it once the last page is in.',
    access: STAFF,
    query: z.object({
      UserType: userTypeSchema.optional(),
      includeExtraInfo: z.string().optional().describe("'true' adds the ICD and ICF trees (on the first page)"),
      modifiedSince: modifiedSinceSchema,
      ...pageQueryFields,
    }),
    answers: {
      ...TOKEN_ANSWERS,
      200: {
        description: 'The patients in scope',
        json: z.object({
          patients: z.array(patientSchema),
          ...deltaFieldsSchema,
          ...pageAnswerFields,
          ICD_Tree: z.array(codeTreeNodeSchema).optional(),
          ICF_Tree: z.array(codeTreeNodeSchema).optional(),
        }),
        headers: pageAnswerHeaders,
      },
    },
  }),
  patient: defineCall({
    method: 'GET',
    path: '/api/patient',
    tag,
    summary: 'One patient record',
    access: ['patient', ...STAFF],
    query: z.object({
      PatientID: z
        .string({ error: 'PatientID not specified' })
        .min(1, 'PatientID not specified')
        .max(100, 'PatientID is too long'),
      UserType: userTypeSchema.optional(),
      includeExtraInfo: z.string().optional(),
    }),
    answers: {
      ...TOKEN_ANSWERS,
      200: { description: 'The patient, as patients[0]', json: z.object({ patients: z.array(patientSchema) }) },
      404: notFound,
    },
  }),
  addPatient: defineCall({
    method: 'POST',
    path: '/api/addPatient',
    tag,
    summary: 'Add a patient',
    description:
      'A clinician links the patient to themself and to their own clinics; a clinic to itself and its clinicians; the admin to any. At least one clinic.',
    access: STAFF,
    idempotent: true,
    headers: idempotencyHeaders,
    body: addPatientSchema,
    answers: {
      ...TOKEN_ANSWERS,
      ...KEY_REUSED_WITH_ANOTHER_REQUEST,
      ...JSON_BODY_ANSWERS,
      200: changed('Added', patientWritten),
      404: problem("'<Field> contains an unknown id': a clinic or clinician outside the caller's scope"),
      409: problem('A patient with this UniquePatientID already exists, or the Idempotency-Key was used elsewhere'),
    },
  }),
  updatePatient: defineCall({
    method: 'POST',
    path: '/api/updatePatient',
    tag,
    summary: 'Edit a patient',
    description: 'Only from the version the editor saw (DateModified); a ReadOnly patient cannot be edited.',
    access: STAFF,
    idempotent: true,
    headers: idempotencyHeaders,
    body: updatePatientSchema,
    answers: {
      ...TOKEN_ANSWERS,
      ...KEY_REUSED_WITH_ANOTHER_REQUEST,
      ...JSON_BODY_ANSWERS,
      200: changed('Saved', patientWritten),
      403: problem("'This patient record is read-only.', or the role may not make this call"),
      404: problem("'Patient not found', or '<Field> contains an unknown id'"),
      409: {
        description: 'Changed by someone else since it was opened (with the current record); or the key was reused',
        json: staleEditAnswer(patientSchema),
      },
    },
  }),
  removePatient: defineCall({
    method: 'POST',
    path: '/api/removePatient',
    tag,
    summary: 'Delete a patient',
    description: 'Leaves a tombstone for delta sync and frees the username; refused while the patient has sessions.',
    access: STAFF,
    idempotent: true,
    headers: idempotencyHeaders,
    body: removePatientSchema,
    answers: {
      ...TOKEN_ANSWERS,
      ...KEY_REUSED_WITH_ANOTHER_REQUEST,
      ...JSON_BODY_ANSWERS,
      200: changed('Deleted', patientWritten),
      403: problem("'This patient record is read-only.', or the role may not make this call"),
      404: notFound,
      409: problem('The patient has recorded sessions and cannot be deleted; or the key was reused'),
    },
  }),
};
