import { describe, expect, it } from 'vitest';
import {
  ageInYears,
  MS_PER_YEAR,
  patientDeleteTarget,
  patientName,
  sexLabel,
  shownPatientName,
  splitList,
} from './patientText.ts';

describe('patient names', () => {
  it("shows 'Unnamed Patient' for a patient without names", () => {
    expect(patientName({ Forename: '', Surname: ' ' })).toBe('Unnamed Patient');
    expect(patientName({ Forename: 'Ada', Surname: 'Lovelace' })).toBe('Ada Lovelace');
  });

  it("shows study participants as 'Anonymous' in the details", () => {
    expect(shownPatientName({ Forename: 'ANONYMOUS', Surname: 'S-017' })).toBe('Anonymous');
    expect(shownPatientName({ Forename: 'Anonymous', Surname: '' })).toBe('Anonymous');
    expect(shownPatientName({ Forename: 'Ada', Surname: '' })).toBe('Ada');
  });
});

describe('ageInYears', () => {
  const born = Date.parse('2000-01-01');

  it('floors the elapsed time in 31557600000 ms years', () => {
    expect(ageInYears('2000-01-01', born + 30 * MS_PER_YEAR - 1)).toBe(29);
    expect(ageInYears('2000-01-01', born + 30 * MS_PER_YEAR)).toBe(30);
  });

  it('has no age without a usable date of birth', () => {
    expect(ageInYears(null, born)).toBeUndefined();
    expect(ageInYears('unknown', born)).toBeUndefined();
  });
});

describe('list fields', () => {
  it("reads ', ' and ',' separated lists, dropping empty and 'N/A' entries", () => {
    expect(splitList('G80.1, G20')).toEqual(['G80.1', 'G20']);
    expect(splitList('b280,d450,')).toEqual(['b280', 'd450']);
    expect(splitList('N/A')).toEqual([]);
    expect(splitList(null)).toEqual([]);
  });

  it("labels an empty sex 'Not Specified'", () => {
    expect(sexLabel('')).toBe('Not Specified');
    expect(sexLabel('Other')).toBe('Other');
  });
});

describe('patientDeleteTarget (docs/spec.md §4)', () => {
  it('asks for the full name, a single name, or the patient id when both names are empty', () => {
    expect(patientDeleteTarget({ Forename: 'Ada', Surname: 'Lovelace', GivenPatientID: 'GP-1' })).toBe('Ada Lovelace');
    expect(patientDeleteTarget({ Forename: '', Surname: 'Lovelace', GivenPatientID: 'GP-1' })).toBe('Lovelace');
    expect(patientDeleteTarget({ Forename: 'Ada', Surname: ' ', GivenPatientID: 'GP-1' })).toBe('Ada');
    expect(patientDeleteTarget({ Forename: '', Surname: '', GivenPatientID: 'GP-1' })).toBe('GP-1');
  });
});
