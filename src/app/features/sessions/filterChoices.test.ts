import { describe, expect, it } from 'vitest';
import { clinicianOptions, patientTree } from './filterChoices.ts';
import { testSession } from '#shared/sessions/testSession';

const rows = [
  testSession({
    UniquePatientID: 'p2',
    PatientName: 'Bo Jones',
    GivenPatientID: 'GP-2',
    ClinicName: 'Stride',
    ClinicianID: 'k2',
    ClinicianName: 'Ethan Brooks',
  }),
  testSession({
    UniquePatientID: 'p1',
    PatientName: 'Ada Lovelace',
    GivenPatientID: 'GP-1',
    ClinicName: 'Riverside',
    ClinicianID: 'k1',
    ClinicianName: 'Amelia Hart',
  }),
  testSession({
    UniquePatientID: 'p1',
    PatientName: 'Ada Lovelace',
    GivenPatientID: 'GP-1',
    ClinicName: 'Stride',
    ClinicianID: 'k1',
    ClinicianName: 'Amelia Hart',
  }),
];

describe('patientTree', () => {
  it('groups each patient once under a clinic, names and clinics in order', () => {
    expect(patientTree(rows)).toEqual([
      { id: 'clinic:Riverside', label: 'Riverside', children: [{ id: 'p1', label: 'Ada Lovelace (GP-1)' }] },
      { id: 'clinic:Stride', label: 'Stride', children: [{ id: 'p2', label: 'Bo Jones (GP-2)' }] },
    ]);
  });

  it('adds a linked patient without sessions so the chip has a name', () => {
    const tree = patientTree(rows, [{ id: 'p9', label: 'Cy Wood (GP-9)' }]);
    expect(tree[0]).toEqual({ id: 'clinic:', label: 'No clinic', children: [{ id: 'p9', label: 'Cy Wood (GP-9)' }] });
  });
});

describe('clinicianOptions', () => {
  it('lists each clinician of the sessions once, by name', () => {
    expect(clinicianOptions(rows)).toEqual([
      { id: 'k1', label: 'Amelia Hart' },
      { id: 'k2', label: 'Ethan Brooks' },
    ]);
  });

  it('tells clinicians of one name apart by the clinics of their sessions', () => {
    const namesakes = [
      ...rows,
      testSession({ ClinicianID: 'k3', ClinicianName: 'Amelia Hart', ClinicName: 'Open Motion' }),
      testSession({ ClinicianID: 'k4', ClinicianName: 'Amelia Hart', ClinicName: '' }),
    ];
    expect(clinicianOptions(namesakes)).toEqual([
      { id: 'k4', label: 'Amelia Hart — No clinic' },
      { id: 'k3', label: 'Amelia Hart — Open Motion' },
      { id: 'k1', label: 'Amelia Hart — Riverside, Stride' },
      { id: 'k2', label: 'Ethan Brooks' },
    ]);
  });
});
