import type { TestApp } from './testApp.ts';

/** A valid Add Patient body for a clinic's own patient; tests change one field at a time. */
export function patientBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ID: 'T-100',
    Forename: 'Ada',
    Surname: 'Lovell',
    DOB: '1961-04-12',
    Sex: 'Female',
    Height: 168,
    Weight: 64.5,
    ICD: 'G20',
    ICF: 'b770,d450',
    Ratings: '2,',
    ...overrides,
  };
}

export function clinicBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ClinicOrgCompName: 'North Gait Clinic',
    ClinicOrgCompAddress: '1 North Road',
    ClinicContactForename: 'Ian',
    ClinicContactSurname: 'Moss',
    ClinicContactNumber: '+44 1632 960000',
    ClinicContactEmail: 'ian@north.example',
    ClinicGroupName: 'Medical',
    ...overrides,
  };
}

/** Row counts of every record table, to prove a refused write changed nothing. */
export async function recordCounts(t: TestApp): Promise<Record<string, number>> {
  const { db } = t.deps.database;
  const tables = [
    'patients',
    'clinicians',
    'clinics',
    'patient_clinics',
    'patient_clinicians',
    'clinician_clinics',
  ] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  const versions = await db
    .selectFrom('patients')
    .select('date_modified')
    .orderBy('date_modified', 'desc')
    .limit(1)
    .executeTakeFirst();
  counts.latestPatientVersion = versions === undefined ? 0 : Date.parse(versions.date_modified);
  return counts;
}
