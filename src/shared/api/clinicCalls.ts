import { z } from 'zod';
import { userTypeSchema } from '../auth/userTypeSchema.ts';
import { clinicSchema } from '../records/clinic.ts';
import { addClinicSchema, removeClinicSchema, updateClinicSchema } from '../records/clinicSchemas.ts';
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

const READERS = ['clinician', 'clinic', 'admin'] as const;
const ADMIN = ['admin'] as const;
const tag = 'clinics';

const clinicWritten = writeAnswer({ ClinicID: z.string(), DateModified: z.string() });
const notFound = problem("'Clinic not found': no such clinic in the caller's scope");

/** The clinic calls (docs/spec.md §7): anyone but a patient reads the clinics in scope; only the admin changes them. */
export const clinicCalls = {
  clinics: defineCall({
    method: 'GET',
    path: '/api/clinics',
    tag,
    summary: 'The clinics the caller may see',
    description:
      'A clinician their own, a clinic itself, the admin all; deltas and pages (in ClinicID order, follow nextCursor) as for every list.',
    access: READERS,
    query: z.object({ UserType: userTypeSchema.optional(), modifiedSince: modifiedSinceSchema, ...pageQueryFields }),
    answers: {
      ...TOKEN_ANSWERS,
      200: {
        description: 'The clinics in scope',
        json: z.object({ clinics: z.array(clinicSchema), ...deltaFieldsSchema, ...pageAnswerFields }),
        headers: pageAnswerHeaders,
      },
    },
  }),
  clinic: defineCall({
    method: 'GET',
    path: '/api/clinic',
    tag,
    summary: 'One clinic record',
    access: READERS,
    query: z.object({
      id: z.string({ error: 'id not specified' }).min(1, 'id not specified').max(100, 'id is too long'),
      UserType: userTypeSchema.optional(),
    }),
    answers: {
      ...TOKEN_ANSWERS,
      200: { description: 'The clinic, as clinics[0]', json: z.object({ clinics: z.array(clinicSchema) }) },
      404: notFound,
    },
  }),
  addClinic: defineCall({
    method: 'POST',
    path: '/api/addClinic',
    tag,
    summary: 'Add a clinic',
    access: ADMIN,
    idempotent: true,
    headers: idempotencyHeaders,
    body: addClinicSchema,
    answers: {
      ...TOKEN_ANSWERS,
      ...KEY_REUSED_WITH_ANOTHER_REQUEST,
      ...JSON_BODY_ANSWERS,
      200: changed('Added', clinicWritten),
      409: problem('A clinic with this ClinicID already exists, or the Idempotency-Key was used elsewhere'),
    },
  }),
  updateClinic: defineCall({
    method: 'POST',
    path: '/api/updateClinic',
    tag,
    summary: 'Edit a clinic',
    description: 'Only from the version the editor saw (DateModified).',
    access: ADMIN,
    idempotent: true,
    headers: idempotencyHeaders,
    body: updateClinicSchema,
    answers: {
      ...TOKEN_ANSWERS,
      ...KEY_REUSED_WITH_ANOTHER_REQUEST,
      ...JSON_BODY_ANSWERS,
      200: changed('Saved', clinicWritten),
      404: notFound,
      409: {
        description: 'Changed by someone else since it was opened (with the current record); or the key was reused',
        json: staleEditAnswer(clinicSchema),
      },
    },
  }),
  removeClinic: defineCall({
    method: 'POST',
    path: '/api/removeClinic',
    tag,
    summary: 'Delete a clinic',
    description:
      'Leaves a tombstone and ends its administrator’s sessions; refused while it has clinicians or patients.',
    access: ADMIN,
    idempotent: true,
    headers: idempotencyHeaders,
    body: removeClinicSchema,
    answers: {
      ...TOKEN_ANSWERS,
      ...KEY_REUSED_WITH_ANOTHER_REQUEST,
      ...JSON_BODY_ANSWERS,
      200: changed('Deleted', clinicWritten),
      404: notFound,
      409: problem('The clinic still has clinicians or patients; or the Idempotency-Key was used elsewhere'),
    },
  }),
};
