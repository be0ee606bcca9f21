import { describe, expect, it } from 'vitest';
import { sortRows, type TableSort } from '#app/components/ui/tableData';
import { runNow } from '#app/lib/timeSlice';
import { clinicianOptions, patientTree } from './filterChoices.ts';
import { buildSessionIndex, filterIndex } from './sessionIndex.ts';
import { filterSessions, NO_SESSION_FILTER, type SessionFilter } from './sessionFilter.ts';
import { sessionSortValue } from './sessionSort.ts';
import { numberBounds } from './sliderBounds.ts';
import { testSession } from '#shared/sessions/testSession';

/** A deterministic mix with ties, equal-collating names, namesakes and empty cells, to compare with the plain functions. */
function sessions(count: number) {
  const names = ['Ada Lovelace', 'ada lovelace', 'Émile Zola', 'Bo 10', 'Bo 2', ''];
  return Array.from({ length: count }, (_, i) =>
    testSession({
      SubSessionID: `ss${String(i)}`,
      UniquePatientID: `p${String(i % 37)}`,
      PatientName: names[(i % 37) % names.length] ?? '',
      GivenPatientID: `GP-${String(i % 37)}`,
      ClinicianID: `k${String(i % 5)}`,
      // k0 and k3, k1 and k4 are namesakes.
      ClinicianName: `Clinician ${String((i % 5) % 3)}`,
      ClinicName: `Clinic ${String((i % 37) % 4)}`,
      SessionNumber: 1 + (i % 11),
      SubSessionNumber: 1 + (i % 3),
      DateModified: new Date(Date.UTC(2026, 0, 1) + (i % 97) * 60_000).toISOString(),
      TestName: i % 7 === 0 ? '' : `Test ${String(i % 4)}`,
      Data: i % 3 === 0,
      GaitMetrics: i % 5 === 0,
    }),
  );
}

const rows = sessions(3000);
const sorts: TableSort[] = ['lastModified', 'session', 'patient', 'test', 'clinician'].flatMap((column) => [
  { column, direction: 'ascending' as const },
  { column, direction: 'descending' as const },
]);

describe('buildSessionIndex', () => {
  it.each(sorts)('orders rows as sortRows does (%o)', (sort) => {
    const index = runNow(buildSessionIndex(rows, sort));
    const expected = sortRows(rows, sort, sessionSortValue);
    expect(index.rows.map((s) => s.SubSessionID)).toEqual(expected.map((s) => s.SubSessionID));
  });

  it('offers the same filter choices and bounds as the plain functions', () => {
    const extra = [{ id: 'no-sessions', label: 'Nobody (GP-0)' }];
    const index = runNow(buildSessionIndex(rows, sorts[0] as TableSort, extra));
    expect(index.patientTree).toEqual(patientTree(index.rows, extra));
    expect(index.clinicianOptions).toEqual(clinicianOptions(index.rows));
    expect(index.bounds).toEqual(numberBounds(rows));
  });

  it('builds an empty index', () => {
    const index = runNow(buildSessionIndex([], sorts[0] as TableSort));
    expect(index.rows).toEqual([]);
    expect(filterIndex(index, { ...NO_SESSION_FILTER, withReportData: false })).toEqual([]);
  });
});

describe('filterIndex', () => {
  const index = runNow(buildSessionIndex(rows, sorts[1] as TableSort));
  const filters: Partial<SessionFilter>[] = [
    {},
    { patientIds: ['p3', 'p7', 'missing'] },
    { clinicianIds: ['k2'] },
    { sessionNumbers: [3, 5] },
    { subSessionNumbers: [2, 2] },
    { withReportData: false },
    { withoutReportData: false },
    { withReportData: false, withoutReportData: false },
    { patientIds: ['p1'], clinicianIds: ['k1', 'k4'], sessionNumbers: [1, 9], withoutReportData: false },
    { search: 'ADA' },
    { search: 'gp-3' },
    { search: 'p11' },
    { search: 'test 2' },
    { search: 'clinician 1 lovelace' },
    { search: '  ' },
    { search: 'nobody' },
    { search: 'zola', withoutReportData: false },
  ];
  it.each(filters)('keeps what filterSessions keeps, in order (%o)', (change) => {
    const filter = { ...NO_SESSION_FILTER, ...change };
    const kept = filterIndex(index, filter).map((s) => s.SubSessionID);
    expect(kept).toEqual(filterSessions(index.rows, filter).map((s) => s.SubSessionID));
  });
});
