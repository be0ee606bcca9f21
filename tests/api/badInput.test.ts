import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserType } from '#shared/auth/userTypes';
import { apiClient, type Session } from './support/client.ts';
import { clinicBody, patientBody, recordCounts } from './support/records.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';

/**
 * Property: whatever a client sends to a write call, the server answers with a clear 2xx/4xx (never a 5xx), a refused
 * write changes nothing, and every refusal carries an error text a user may read (never the validator's own).
 */
const anyValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 300, maxLength: 6000 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    '',
    'N/A',
    '0',
    '-1',
    '1e309',
    'NaN',
    '1970-02-31',
    '9999-99-99',
    '\u0000',
    "'; DROP TABLE patients; --",
  ),
  fc.array(fc.string({ maxLength: 10 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

// zod's own texts (zod/v4/locales/en.js) say how the server checks, not what to fix: a rule without a text of its own
// answers 'Invalid request'; the specification's field texts (docs/spec.md §5) come verbatim.
const ZOD_OWN_TEXT =
  /^(Invalid (input|option|string|number|key|value|element|discriminator)|Too (big|small)|Unrecognized key)/;

type WriteCall = { url: string; role: UserType; base: (ids: Record<string, string>) => Record<string, unknown> };

const CALLS: WriteCall[] = [
  { url: '/api/addPatient', role: 'clinic', base: () => patientBody() },
  {
    url: '/api/updatePatient',
    role: 'clinic',
    base: (ids) => ({ ...patientBody(), ID: ids.patient, GivenPatientID: 'X-1', DateModified: ids.patientVersion }),
  },
  { url: '/api/removePatient', role: 'clinic', base: (ids) => ({ PatientID: ids.patient }) },
  { url: '/api/addClinician', role: 'clinic', base: () => ({ Forename: 'Rhea', Surname: 'Okafor' }) },
  {
    url: '/api/updateClinician',
    role: 'admin',
    base: (ids) => ({ ID: ids.clinician, Forename: 'A', Surname: 'B', DateModified: ids.clinicianVersion }),
  },
  { url: '/api/removeClinician', role: 'admin', base: (ids) => ({ ClinicianID: ids.clinician }) },
  { url: '/api/addClinic', role: 'admin', base: () => clinicBody() },
  {
    url: '/api/updateClinic',
    role: 'admin',
    base: (ids) => ({ ...clinicBody(), ClinicGroupName: undefined, ID: ids.clinic, DateModified: ids.clinicVersion }),
  },
  { url: '/api/removeClinic', role: 'admin', base: (ids) => ({ ClinicID: ids.clinic }) },
  {
    url: '/api/addClinicianToClinic',
    role: 'admin',
    base: (ids) => ({ clinicianId: ids.clinician, clinicId: ids.clinic }),
  },
  {
    url: '/api/updateOwnPasswordAsPatient',
    role: 'patient',
    base: () => ({ CurrentPassword: 'Demo-Gait-2026', NewPassword: 'Walk-Safely-2' }),
  },
  {
    url: '/api/updateOwnPasswordAsClinic',
    role: 'clinic',
    base: () => ({ CurrentPassword: 'Demo-Gait-2026', NewAdminPassword: 'Walk-Safely-2' }),
  },
];

describe.each(DATABASE_KINDS)('bad input on every write call (%s)', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  const sessions = {} as Record<UserType, Session>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = apiClient(t.app);
    for (const role of ['patient', 'clinician', 'clinic', 'admin'] as const) sessions[role] = await api.login(role);
    const { db } = t.deps.database;
    const patient = await db
      .selectFrom('patients')
      .innerJoin('patient_clinics', 'patient_clinics.patient_id', 'patients.id')
      .select(['id', 'date_modified'])
      .where('clinic_id', '=', sessions.clinic.id)
      .where('read_only', '=', 0)
      .where('id', '!=', sessions.patient.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const clinician = await db
      .selectFrom('clinicians')
      .select(['id', 'date_modified'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const clinic = await db
      .selectFrom('clinics')
      .select(['id', 'date_modified'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    Object.assign(ids, {
      patient: patient.id,
      patientVersion: patient.date_modified,
      clinician: clinician.id,
      clinicianVersion: clinician.date_modified,
      clinic: clinic.id,
      clinicVersion: clinic.date_modified,
    });
  });
  afterAll(() => t.close());

  it.each(CALLS)('$url never fails with a 5xx and changes nothing when it refuses', async (call) => {
    // Each run replaces some fields of a valid body (or all of it) with arbitrary values, and may add unknown fields.
    const bodies = fc.oneof(
      fc
        .dictionary(fc.constantFrom(...Object.keys(call.base(ids))), anyValue, { minKeys: 1 })
        .map((changes) => ({ ...call.base(ids), ...changes })),
      fc.dictionary(fc.string({ maxLength: 12 }), anyValue),
      anyValue,
    );
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const before = await recordCounts(t);
        const res = await api.post(call.url, body, sessions[call.role].token);
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) {
          expect(typeof res.body.error).toBe('string');
          expect(res.body.error).not.toMatch(ZOD_OWN_TEXT);
          expect(await recordCounts(t)).toEqual(before);
        }
      }),
      { numRuns: kind === 'sqlite' ? 40 : 15, seed: 2026 },
    );
  });
});
