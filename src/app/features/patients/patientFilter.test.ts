import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  filterPatients,
  formatAge,
  indexPatients,
  narrows,
  NO_FILTER,
  PatientFilterer,
  type PatientFilter,
} from './patientFilter.ts';
import { MS_PER_YEAR } from './patientText.ts';
import { testPatient } from './testPatient.ts';

const now = Date.parse('2026-06-01T12:00:00Z');
const bornYearsAgo = (years: number) => new Date(now - years * MS_PER_YEAR - 86_400_000).toISOString().slice(0, 10);

const ada = testPatient({
  UniquePatientID: 'a',
  GivenPatientID: 'GP-1001',
  Forename: 'Ada',
  Surname: 'Lovelace',
  Sex: 'Female',
  DOB: bornYearsAgo(36),
  ICD: 'G80.1',
  ICF: 'b280, d450',
  ClinicIDs: 'c1',
  ClinicNames: 'Riverside Gait Laboratory',
  ClinicianIDs: 'k1',
  Clinicians: 'Amelia Hart',
});
const bo = testPatient({
  UniquePatientID: 'b',
  GivenPatientID: 'GP-1002',
  Forename: 'Bo',
  Surname: 'Jones',
  Sex: '',
  DOB: bornYearsAgo(104),
  ICD: 'G20',
  ICF: null,
  ClinicIDs: 'c1, c2',
  ClinicNames: 'Riverside Gait Laboratory, Stride Fitness Gym',
  ClinicianIDs: 'k2',
  Clinicians: 'Ethan Brooks',
});
const cy = testPatient({
  UniquePatientID: 'c',
  GivenPatientID: 'GP-1003',
  Forename: '',
  Surname: '',
  Sex: 'Male',
  DOB: null,
  ClinicIDs: 'c2',
  ClinicianIDs: '',
});
const all = [ada, bo, cy];

const ids = (filter: Partial<PatientFilter>) =>
  filterPatients(all, { ...NO_FILTER, ...filter }, now).map((p) => p.UniquePatientID);

describe('filterPatients', () => {
  it('keeps everyone, in order, without a filter', () => {
    expect(ids({})).toEqual(['a', 'b', 'c']);
  });

  it('searches ID, names and email, case-insensitively, every word', () => {
    expect(ids({ search: 'gp-1002' })).toEqual(['b']);
    expect(ids({ search: 'ada love' })).toEqual(['a']);
    expect(ids({ search: 'Lovelace Ada' })).toEqual(['a']);
    expect(ids({ search: 'ada jones' })).toEqual([]);
  });

  it('matches a patient holding any chosen ICD or ICF code', () => {
    expect(ids({ codes: ['G20', 'd450'] })).toEqual(['a', 'b']);
    expect(ids({ codes: ['G20'] })).toEqual(['b']);
  });

  it('filters by clinic and clinician', () => {
    expect(ids({ clinicIds: ['c2'] })).toEqual(['b', 'c']);
    expect(ids({ clinicianIds: ['k1'] })).toEqual(['a']);
  });

  it("filters by sex, '' being Not Specified", () => {
    expect(ids({ sex: '' })).toEqual(['b']);
    expect(ids({ sex: 'Male' })).toEqual(['c']);
  });

  it('filters by age, 100 meaning 100 and over, and drops patients without a date of birth', () => {
    expect(ids({ age: [0, 36] })).toEqual(['a']);
    expect(ids({ age: [37, 100] })).toEqual(['b']);
    expect(ids({ age: [0, 99] })).toEqual(['a']);
    expect(ids({ age: [36, 36] })).toEqual(['a']);
  });
});

describe('activeFilterCount', () => {
  it('counts the panel filters that are set', () => {
    expect(activeFilterCount(NO_FILTER)).toBe(0);
    expect(activeFilterCount({ ...NO_FILTER, search: 'x' })).toBe(0);
    expect(activeFilterCount({ ...NO_FILTER, sex: '', codes: ['G20'], age: [0, 99] })).toBe(3);
  });
});

describe('formatAge', () => {
  it("shows the top of the slider as '100+'", () => {
    expect(formatAge(100)).toBe('100+');
    expect(formatAge(42)).toBe('42');
  });
});

describe('narrows', () => {
  it('knows typing on and setting another filter can only keep fewer patients', () => {
    expect(narrows({ ...NO_FILTER, search: 'smi' }, { ...NO_FILTER, search: 'Smith' })).toBe(true);
    expect(narrows(NO_FILTER, { ...NO_FILTER, sex: 'Female', codes: ['G20'], age: [10, 60] })).toBe(true);
    expect(narrows({ ...NO_FILTER, age: [10, 60] }, { ...NO_FILTER, age: [20, 50] })).toBe(true);
  });

  it('knows deleting, changing a choice or adding an alternative can keep more', () => {
    expect(narrows({ ...NO_FILTER, search: 'smith' }, { ...NO_FILTER, search: 'smit' })).toBe(false);
    expect(narrows({ ...NO_FILTER, sex: 'Female' }, { ...NO_FILTER, sex: 'Male' })).toBe(false);
    expect(narrows({ ...NO_FILTER, codes: ['G20'] }, { ...NO_FILTER, codes: ['G20', 'G80.1'] })).toBe(false);
    expect(narrows({ ...NO_FILTER, age: [20, 50] }, { ...NO_FILTER, age: [10, 50] })).toBe(false);
  });
});

describe('PatientFilterer', () => {
  it('gives the same result narrowing step by step as filtering from scratch', () => {
    const filterer = new PatientFilterer();
    const index = indexPatients(all);
    const steps: Partial<PatientFilter>[] = [
      { search: 'g' },
      { search: 'gp' },
      { search: 'gp', clinicIds: ['c1'] },
      { search: 'gp', clinicIds: ['c2'] },
      {},
    ];
    for (const step of steps) {
      const filter = { ...NO_FILTER, ...step };
      expect(filterer.run(index, filter, now)).toEqual(filterPatients(all, filter, now));
    }
  });
});
