import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from './db.ts';
import { pendingPatients } from './pendingPatients.ts';

const entry = (call: OutboxEntry['call'], body: Record<string, unknown>): OutboxEntry => ({
  id: crypto.randomUUID(),
  call,
  body,
  state: 'queued',
  createdAt: '2026-12-02T08:30:00.000Z',
});

const names = {
  clinics: new Map([['c-1', 'Riverside Gait Laboratory']]),
  clinicians: new Map([['k-1', 'Amelia Hart']]),
};

describe('pendingPatients', () => {
  it('lists a queued add as the patient it will be, its links named, not editable until sent', () => {
    const [patient] = pendingPatients(
      [
        entry('addPatient', {
          UniquePatientID: 'p-1',
          ID: 'GP-9',
          Forename: 'Nadia',
          Surname: 'Ward',
          Height: 170,
          ClinicIDs: 'c-1',
          ClinicianIDs: 'k-1,k-unknown',
        }),
      ],
      new Set(),
      names,
    );
    expect(patient).toMatchObject({
      UniquePatientID: 'p-1',
      GivenPatientID: 'GP-9',
      Forename: 'Nadia',
      Height: 170,
      ClinicNames: 'Riverside Gait Laboratory',
      Clinicians: 'Amelia Hart',
      ReadOnly: true,
      DateModified: '2026-12-02T08:30:00.000Z',
    });
  });

  it('leaves out other changes and patients the mirror already holds', () => {
    const entries = [
      entry('updatePatient', { ID: 'p-2', GivenPatientID: 'GP-2' }),
      entry('addPatient', { UniquePatientID: 'p-3', ID: 'GP-3' }),
    ];
    expect(pendingPatients(entries, new Set(['p-3']), names)).toEqual([]);
  });
});
