import type { UserType } from '#shared/auth/userTypes';
import type { apiClient, Session } from './client.ts';
import type { TestApp } from './testApp.ts';

const ROLES = ['patient', 'clinician', 'clinic', 'admin'] as const;

/** One demo login of each role. */
export async function logInEveryRole(api: ReturnType<typeof apiClient>): Promise<Record<UserType, Session>> {
  const [patient, clinician, clinic, admin] = await Promise.all(ROLES.map((role) => api.login(role)));
  if (!patient || !clinician || !clinic || !admin) throw new Error('a demo login is missing');
  return { patient, clinician, clinic, admin };
}

/** A patient of some clinic other than this one (the first such link by the database's order). */
export async function patientOutside(t: TestApp, clinicId: string): Promise<string> {
  const row = await t.deps.database.db
    .selectFrom('patient_clinics')
    .select('patient_id')
    .where('clinic_id', '!=', clinicId)
    .executeTakeFirstOrThrow();
  return row.patient_id;
}

/**
 * Records inside and outside the demo accounts' scope, for the suites that check scope: a clinic the demo clinician
 * and the demo clinic have nothing to do with (the first by id), with a patient and a clinician of it; a patient and
 * a clinician of the demo clinic. Patients are never ReadOnly ones: an edit of those is refused (403) before its ids
 * are looked at, and patient ids are random, so the first patient of a clinic is sometimes one.
 */
export type ScopeIds = {
  clinicianClinics: string[];
  foreignClinic: string;
  foreignPatient: string;
  foreignClinician: string;
  clinicPatient: string;
  clinicClinician: string;
};

export async function scopeIds(t: TestApp, sessions: Record<UserType, Session>): Promise<ScopeIds> {
  const { db } = t.deps.database;
  const clinicId = sessions.clinic.id;
  const clinicianClinics = (
    await db
      .selectFrom('clinician_clinics')
      .select('clinic_id')
      .where('clinician_id', '=', sessions.clinician.id)
      .execute()
  ).map((r) => r.clinic_id);
  const foreignClinic = (
    await db
      .selectFrom('clinics')
      .select('id')
      .where('id', 'not in', [clinicId, ...clinicianClinics])
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  const editablePatientOf = (clinic: string) =>
    db
      .selectFrom('patient_clinics')
      .innerJoin('patients', 'patients.id', 'patient_clinics.patient_id')
      .select('patient_id')
      .where('clinic_id', '=', clinic)
      .where('read_only', '=', 0)
      .where('patient_id', '!=', sessions.patient.id)
      .orderBy('patient_id')
      .executeTakeFirstOrThrow();
  const firstClinicianOf = (clinic: string) =>
    db
      .selectFrom('clinician_clinics')
      .select('clinician_id')
      .where('clinic_id', '=', clinic)
      .orderBy('clinician_id')
      .executeTakeFirstOrThrow();
  return {
    clinicianClinics,
    foreignClinic,
    foreignPatient: (await editablePatientOf(foreignClinic)).patient_id,
    foreignClinician: (await firstClinicianOf(foreignClinic)).clinician_id,
    clinicPatient: (await editablePatientOf(clinicId)).patient_id,
    clinicClinician: (await firstClinicianOf(clinicId)).clinician_id,
  };
}
