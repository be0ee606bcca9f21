import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  filterForPatient,
  filterSessions,
  NO_SESSION_FILTER,
  type SessionFilter,
} from './sessionFilter.ts';
import { testSession } from '#shared/sessions/testSession';

const a = testSession({
  SubSessionID: 'a',
  UniquePatientID: 'p1',
  ClinicianID: 'k1',
  SessionNumber: 1,
  SubSessionNumber: 1,
});
const b = testSession({
  SubSessionID: 'b',
  UniquePatientID: 'p1',
  ClinicianID: 'k2',
  SessionNumber: 2,
  SubSessionNumber: 3,
  Data: false,
});
const c = testSession({
  SubSessionID: 'c',
  UniquePatientID: 'p2',
  ClinicianID: 'k2',
  SessionNumber: 5,
  SubSessionNumber: 2,
  Data: false,
  GaitMetrics: true,
});
const all = [a, b, c];
const ids = (filter: Partial<SessionFilter>) =>
  filterSessions(all, { ...NO_SESSION_FILTER, ...filter }).map((s) => s.SubSessionID);

describe('filterSessions', () => {
  it('keeps every session, in order, without a filter', () => {
    expect(filterSessions(all, NO_SESSION_FILTER)).toBe(all);
  });

  it('keeps the sessions of any chosen patient or clinician', () => {
    expect(ids({ patientIds: ['p1'] })).toEqual(['a', 'b']);
    expect(ids({ patientIds: ['p1', 'p2'], clinicianIds: ['k2'] })).toEqual(['b', 'c']);
  });

  it('keeps session and sub-session numbers inside the ranges, ends included', () => {
    expect(ids({ sessionNumbers: [2, 5] })).toEqual(['b', 'c']);
    expect(ids({ subSessionNumbers: [1, 2] })).toEqual(['a', 'c']);
    expect(ids({ sessionNumbers: [3, 4] })).toEqual([]);
  });

  it('searches patient name and id, test and clinician; every word must be found', () => {
    const named = [
      testSession({
        SubSessionID: 'x',
        PatientName: 'Ada Lovelace',
        GivenPatientID: 'GP-7',
        ClinicianName: 'Kim Lee',
        TestName: '10 m walk',
      }),
      testSession({ SubSessionID: 'y', PatientName: 'Bo Ek', ClinicianName: 'Dr Ada Hart', TestName: 'TUG' }),
    ];
    const found = (search: string) =>
      filterSessions(named, { ...NO_SESSION_FILTER, search }).map((s) => s.SubSessionID);
    expect(found('ada')).toEqual(['x', 'y']);
    expect(found('gp-7')).toEqual(['x']);
    expect(found('tug')).toEqual(['y']);
    expect(found('ada walk')).toEqual(['x']);
    expect(found('hart walk')).toEqual([]);
    expect(found(' ')).toEqual(['x', 'y']);
    expect(activeFilterCount({ ...NO_SESSION_FILTER, search: 'ada' })).toBe(0);
  });

  it('shows sessions with and without report data by the two checkboxes', () => {
    expect(ids({ withoutReportData: false })).toEqual(['a', 'c']);
    expect(ids({ withReportData: false })).toEqual(['b']);
    expect(ids({ withReportData: false, withoutReportData: false })).toEqual([]);
  });

  // Its speed is measured by the session browser bench (tests/bench), not asserted here: a timed assertion fails on a
  // loaded machine and proves nothing about the screen.
  it('filters 100,000 sessions to exactly the matching ones', () => {
    const many = Array.from({ length: 100_000 }, (_, i) =>
      testSession({
        SubSessionID: String(i),
        UniquePatientID: `p${String(i % 500)}`,
        SessionNumber: i % 40,
        Data: i % 3 !== 0,
      }),
    );
    const filter: SessionFilter = {
      ...NO_SESSION_FILTER,
      patientIds: ['p1', 'p7'],
      sessionNumbers: [3, 30],
      withoutReportData: false,
    };
    const kept = filterSessions(many, filter).map((s) => s.SubSessionID);
    const expected = many
      .filter(
        (s) => ['p1', 'p7'].includes(s.UniquePatientID) && s.SessionNumber >= 3 && s.SessionNumber <= 30 && s.Data,
      )
      .map((s) => s.SubSessionID);
    expect(kept.length).toBeGreaterThan(0);
    expect(new Set(kept)).toEqual(new Set(expected));
  });
});

describe('activeFilterCount', () => {
  it('counts each filter of the panel that is set', () => {
    expect(activeFilterCount(NO_SESSION_FILTER)).toBe(0);
    expect(
      activeFilterCount({ ...NO_SESSION_FILTER, patientIds: ['p1'], sessionNumbers: [1, 2], withReportData: false }),
    ).toBe(3);
  });
});

describe('filterForPatient', () => {
  it('preselects the patient of a ?patient= link', () => {
    expect(filterForPatient('p9').patientIds).toEqual(['p9']);
    expect(filterForPatient(undefined)).toBe(NO_SESSION_FILTER);
  });
});
