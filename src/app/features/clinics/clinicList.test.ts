import { describe, expect, it } from 'vitest';
import { sortRows } from '#app/components/ui/tableData';
import { clinicSortValue, DEFAULT_CLINIC_SORT, searchClinics } from './clinicList.ts';
import { testClinic } from './testClinic.ts';

describe('clinic list', () => {
  it('searches names, addresses and contacts, and sorts newest first', () => {
    const a = testClinic({ ClinicID: 'a', DateModified: '2025-01-01T00:00:00Z' });
    const b = testClinic({ ClinicID: 'b', Name: 'Hilltop Gym', Address: 'Bath', DateModified: '2026-01-01T00:00:00Z' });
    expect(searchClinics([a, b], 'hilltop').map((c) => c.ClinicID)).toEqual(['b']);
    expect(searchClinics([a, b], 'okafor')).toHaveLength(2);
    expect(sortRows([a, b], DEFAULT_CLINIC_SORT, clinicSortValue).map((c) => c.ClinicID)).toEqual(['b', 'a']);
  });
});
