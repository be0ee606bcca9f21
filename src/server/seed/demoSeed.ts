import { randomUUID } from 'node:crypto';
import { ICD_CODES } from '#shared/codes/icd';
import { ICF_CODES } from '#shared/codes/icf';
import { CLINIC_GROUPS } from '#shared/records/clinic';
import { APPLICATION_ID } from '#shared/records/patient';
import { hashPassword } from '#server/auth/passwords';
import type { Db } from '#server/db/connect';
import type { PatientTable } from '#server/db/schema';
import { DEMO_CLINICIANS, DEMO_CLINICS, DEMO_LOGINS, DEMO_PASSWORD, FORENAMES, NOTES, SURNAMES } from './demoPeople.ts';
import { seededRandom, type Random } from './random.ts';

const PATIENT_COUNT = 60;
const DAY_MS = 86_400_000;

/** Demo data for an empty database outside production: clinics, clinicians, patients and one login per role. */
export async function seedDemoData(db: Db, now: Date): Promise<void> {
  const random = seededRandom(20261122);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS - random.int(0, DAY_MS)).toISOString();

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('admins')
      .values({
        id: randomUUID(),
        username: DEMO_LOGINS.admin,
        password_hash: passwordHash,
        date_modified: now.toISOString(),
      })
      .execute();

    const clinicIds = DEMO_CLINICS.map(() => randomUUID());
    await trx
      .insertInto('clinics')
      .values(
        DEMO_CLINICS.map((clinic, i) => ({
          id: clinicIds[i] ?? randomUUID(),
          name: clinic.name,
          address: clinic.address,
          contact_forename: clinic.contact[0],
          contact_surname: clinic.contact[1],
          contact_number: clinic.contact[2],
          contact_email: clinic.contact[3],
          group_name: CLINIC_GROUPS[clinic.type],
          admin_username: i === 0 ? DEMO_LOGINS.clinic : null,
          admin_password_hash: i === 0 ? passwordHash : null,
          admin_hint: '',
          notes: '',
          date_modified: daysAgo(90 - i),
          deleted_at: null,
        })),
      )
      .execute();

    const clinicianIds = DEMO_CLINICIANS.map(() => randomUUID());
    await trx
      .insertInto('clinicians')
      .values(
        DEMO_CLINICIANS.map(([forename, surname], i) => ({
          id: clinicianIds[i] ?? randomUUID(),
          forename,
          surname,
          contact_number: `+44 7700 900${String(100 + i)}`,
          email: `${forename.toLowerCase()}.${surname.toLowerCase()}@clinic.example`,
          username: i === 0 ? DEMO_LOGINS.clinician : null,
          password_hash: i === 0 ? passwordHash : null,
          password_hint: '',
          elevated_access: 0,
          date_modified: daysAgo(60 - i),
          deleted_at: null,
        })),
      )
      .execute();
    const clinicianLinks = DEMO_CLINICIANS.flatMap(([, , clinic], i) =>
      clinic === null ? [] : [{ clinician_id: clinicianIds[i] ?? '', clinic_id: clinicIds[clinic] ?? '' }],
    );
    await trx.insertInto('clinician_clinics').values(clinicianLinks).execute();

    const patients = Array.from({ length: PATIENT_COUNT }, (_, i) =>
      demoPatient(random, i, i === 0 ? passwordHash : null, daysAgo(i)),
    );
    await trx.insertInto('patients').values(patients).execute();

    // Patients spread over the clinics; the demo patient belongs to the demo clinic and the demo clinician.
    const patientClinics = patients.map((p, i) => ({
      patient_id: p.id,
      clinic_id: clinicIds[i === 0 ? 0 : i % clinicIds.length] ?? '',
    }));
    await trx.insertInto('patient_clinics').values(patientClinics).execute();
    const patientClinicians = patientClinics.flatMap(({ patient_id, clinic_id }, i) => {
      const colleagues = clinicianLinks.filter((l) => l.clinic_id === clinic_id).map((l) => l.clinician_id);
      const chosen = i === 0 ? [clinicianIds[0] ?? ''] : random.sample(colleagues, random.int(1, 2));
      return chosen.map((clinician_id) => ({ patient_id, clinician_id }));
    });
    await trx.insertInto('patient_clinicians').values(patientClinicians).execute();
  });
}

function demoPatient(random: Random, index: number, passwordHash: string | null, modified: string): PatientTable {
  const sex = index === 0 ? 'Female' : random.pick(['Female', 'Male', 'Female', 'Male', 'Other', ''] as const);
  const forename = index === 0 ? 'Olivia' : random.pick(sex === 'Male' ? FORENAMES.Male : FORENAMES.Female);
  const surname = index === 0 ? 'Bennett' : random.pick(SURNAMES);
  const birthYear = random.int(1938, 2016);
  const child = birthYear > 2008;
  const icds = random.sample(ICD_CODES, random.int(1, 2)).map((c) => c.CodeID);
  const icfs = random.sample(ICF_CODES, random.int(1, 3)).map((c) => c.CodeID);
  return {
    id: randomUUID(),
    given_patient_id: `GP-${String(1001 + index)}`,
    forename,
    surname,
    email: `${forename.toLowerCase()}.${surname.toLowerCase()}${index}@patient.example`,
    username: passwordHash === null ? null : DEMO_LOGINS.patient,
    password_hash: passwordHash,
    password_hint: '',
    group_name: 'Patients',
    dob: `${String(birthYear)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
    sex,
    height_cm: child ? random.int(110, 160) : random.int(150, 195),
    weight_kg: child ? random.int(20, 55) : random.int(48, 110),
    notes: random.pick(NOTES),
    application: APPLICATION_ID,
    icd: icds.join(','),
    icf: icfs.join(','),
    ratings: icfs.map(() => String(random.int(0, 4))).join(','),
    miscs: null,
    // Every twentieth patient, starting in the demo clinic, is a read-only study record.
    read_only: index % 20 === 4 ? 1 : 0,
    date_modified: modified,
    deleted_at: null,
  };
}
