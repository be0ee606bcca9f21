import { describe, expect, it } from 'vitest';
import { sortRows } from '#app/components/ui/tableData';
import { clinicianSortValue, DEFAULT_CLINICIAN_SORT, searchClinicians, toClinicianRow } from './clinicianList.ts';
import { testClinician } from './testClinician.ts';

const known = new Map([['k1', 'Riverside Gait Laboratory (renamed)']]);

describe('clinician rows', () => {
  it('lists clinic names, preferring the mirrored clinic name', () => {
    const row = toClinicianRow(
      testClinician({ ClinicIDs: 'k1, k2', ClinicNames: 'Riverside Gait Laboratory, Hilltop' }),
      known,
    );
    expect(row.clinics).toBe('Riverside Gait Laboratory (renamed), Hilltop');
  });

  it("labels a clinician without clinics '(No Associated Clinic)' and an unnamed one 'Unnamed Clinician'", () => {
    const row = toClinicianRow(testClinician({ Forename: '', Surname: ' ' }), known);
    expect(row.clinics).toBe('(No Associated Clinic)');
    expect(row.name).toBe('Unnamed Clinician');
  });

  it('searches names, email, username and clinics', () => {
    const rows = [
      toClinicianRow(testClinician({ ClinicianID: 'a', Username: 'ahart' }), known),
      toClinicianRow(testClinician({ ClinicianID: 'b', Forename: 'Noah', Surname: 'Price', Email: 'np@x' }), known),
    ];
    expect(searchClinicians(rows, 'AHART').map((r) => r.record.ClinicianID)).toEqual(['a']);
    expect(searchClinicians(rows, 'noah price').map((r) => r.record.ClinicianID)).toEqual(['b']);
    expect(searchClinicians(rows, 'no associated')).toHaveLength(2);
  });

  it('sorts newest change first by default', () => {
    const rows = ['2025-05-01T00:00:00Z', '2026-02-01T00:00:00Z', '2025-12-24T00:00:00Z'].map((DateModified, i) =>
      toClinicianRow(testClinician({ ClinicianID: String(i), DateModified }), known),
    );
    expect(sortRows(rows, DEFAULT_CLINICIAN_SORT, clinicianSortValue).map((r) => r.record.ClinicianID)).toEqual([
      '1',
      '2',
      '0',
    ]);
  });
});
