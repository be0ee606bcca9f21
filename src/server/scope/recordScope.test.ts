import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Db } from '#server/db/connect';
import { migrateToLatest } from '#server/db/migrate';
import type { AuthUser } from '#server/auth/tokens';
import { clinicianRow, clinicRow, patientRow } from '../../../tests/api/support/tableRows.ts';
import { clinicianScope, clinicScope, patientScope, type IdCondition } from './recordScope.ts';

// Two clinics. Clinician c1 works at clinic A; c2 at clinic B; c3 at no clinic.
// Patient p1 is at clinic A; p2 at clinic B but also linked directly to c1; p3 at clinic B only; p4 has no clinic.
const T = '2026-01-01T00:00:00.000Z';
let db: Db;

async function fixtures(): Promise<void> {
  await db
    .insertInto('clinics')
    .values([clinicRow('A', T), clinicRow('B', T)])
    .execute();
  const clinician = (id: string) => clinicianRow(id, T);
  const patient = (id: string) => patientRow(id, T, { application: 'x' });
  await db.insertInto('clinicians').values(['c1', 'c2', 'c3'].map(clinician)).execute();
  await db.insertInto('patients').values(['p1', 'p2', 'p3', 'p4'].map(patient)).execute();
  await db
    .insertInto('clinician_clinics')
    .values([
      { clinician_id: 'c1', clinic_id: 'A' },
      { clinician_id: 'c2', clinic_id: 'B' },
    ])
    .execute();
  await db
    .insertInto('patient_clinics')
    .values([
      { patient_id: 'p1', clinic_id: 'A' },
      { patient_id: 'p2', clinic_id: 'B' },
      { patient_id: 'p3', clinic_id: 'B' },
    ])
    .execute();
  await db
    .insertInto('patient_clinicians')
    .values([{ patient_id: 'p2', clinician_id: 'c1' }])
    .execute();
}

async function visible(table: 'patients' | 'clinicians' | 'clinics', scope: IdCondition): Promise<string[]> {
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where((eb) => scope(eb.ref(`${table}.id`)))
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

const as = (role: AuthUser['role'], id: string): AuthUser => ({ role, id });

describe('record scope', () => {
  beforeAll(async () => {
    const handle = connectDatabase({ kind: 'sqlite', file: ':memory:' });
    db = handle.db;
    await migrateToLatest(handle);
    await fixtures();
  });
  afterAll(() => db.destroy());

  it.each([
    ['admin', 'root', ['p1', 'p2', 'p3', 'p4']],
    ['patient', 'p2', ['p2']],
    ['clinician', 'c1', ['p1', 'p2']],
    ['clinician', 'c2', ['p2', 'p3']],
    ['clinician', 'c3', []],
    ['clinic', 'A', ['p1']],
    ['clinic', 'B', ['p2', 'p3']],
  ] as const)('patients visible to %s %s', async (role, id, expected) => {
    expect(await visible('patients', patientScope(db, as(role, id)))).toEqual(expected);
  });

  it.each([
    ['admin', 'root', ['c1', 'c2', 'c3']],
    ['clinician', 'c1', ['c1']],
    ['clinic', 'A', ['c1']],
    ['clinic', 'B', ['c2']],
    ['patient', 'p2', ['c1']],
    ['patient', 'p3', []],
  ] as const)('clinicians visible to %s %s', async (role, id, expected) => {
    expect(await visible('clinicians', clinicianScope(db, as(role, id)))).toEqual(expected);
  });

  it.each([
    ['admin', 'root', ['A', 'B']],
    ['clinic', 'B', ['B']],
    ['clinician', 'c1', ['A']],
    ['clinician', 'c3', []],
    ['patient', 'p1', ['A']],
    ['patient', 'p4', []],
  ] as const)('clinics visible to %s %s', async (role, id, expected) => {
    expect(await visible('clinics', clinicScope(db, as(role, id)))).toEqual(expected);
  });
});
