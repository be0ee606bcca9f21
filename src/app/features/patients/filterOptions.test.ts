import { describe, expect, it } from 'vitest';
import { linkedOptions } from './filterOptions.ts';
import { testPatient } from './testPatient.ts';

const clinicsOf = (known: { id: string; label: string }[] = []) =>
  linkedOptions(
    [
      testPatient({ ClinicIDs: 'c2, c1', ClinicNames: 'Stride Gym, Riverside' }),
      testPatient({ ClinicIDs: 'c3', ClinicNames: 'Leeds, Chapel Street' }),
    ],
    (p) => p.ClinicIDs,
    (p) => p.ClinicNames,
    known,
  );

describe('linkedOptions', () => {
  it('lists each linked clinic once, sorted by name', () => {
    expect(clinicsOf([{ id: 'c3', label: 'Leeds, Chapel Street' }])).toEqual([
      { id: 'c3', label: 'Leeds, Chapel Street' },
      { id: 'c1', label: 'Riverside' },
      { id: 'c2', label: 'Stride Gym' },
    ]);
  });

  it('falls back to the id when a name holding a comma cannot be paired and no mirrored name exists', () => {
    expect(clinicsOf()).toContainEqual({ id: 'c3', label: 'c3' });
  });
});
