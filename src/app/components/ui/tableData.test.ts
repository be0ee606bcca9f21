import { describe, expect, it } from 'vitest';
import { compareValues, matchesSearch, pageOf, sortRows } from './tableData.ts';

type Row = { name: string; updated: string | null; age: number | null };
const rows: Row[] = [
  { name: 'Patient 10', updated: '2025-01-02T10:00:00Z', age: 40 },
  { name: 'patient 2', updated: null, age: 9 },
  { name: 'Patient 1', updated: '2026-03-01T08:00:00Z', age: null },
];
const valueOf = (row: Row, column: string) => (column === 'name' ? row.name : column === 'age' ? row.age : row.updated);

describe('sortRows', () => {
  it('sorts text as people read it, ignoring case', () => {
    const sorted = sortRows(rows, { column: 'name', direction: 'ascending' }, valueOf);
    expect(sorted.map((r) => r.name)).toEqual(['Patient 1', 'patient 2', 'Patient 10']);
  });

  it('puts the newest first when descending, and empty values last either way', () => {
    const newest = sortRows(rows, { column: 'updated', direction: 'descending' }, valueOf);
    expect(newest.map((r) => r.name)).toEqual(['Patient 1', 'Patient 10', 'patient 2']);
    const oldest = sortRows(rows, { column: 'updated', direction: 'ascending' }, valueOf);
    expect(oldest.map((r) => r.name)).toEqual(['Patient 10', 'Patient 1', 'patient 2']);
  });

  it('sorts numbers numerically and leaves the input untouched', () => {
    const byAge = sortRows(rows, { column: 'age', direction: 'ascending' }, valueOf);
    expect(byAge.map((r) => r.age)).toEqual([9, 40, null]);
    expect(rows[0]?.name).toBe('Patient 10');
  });

  it('compares numbers as numbers', () => {
    expect(compareValues(9, 10)).toBeLessThan(0);
  });
});

describe('pageOf', () => {
  const many = Array.from({ length: 60 }, (_, i) => i);

  it('gives 25 rows per page and counts the pages', () => {
    expect(pageOf(many, 1)).toMatchObject({ page: 1, pageCount: 3 });
    expect(pageOf(many, 1).rows).toHaveLength(25);
    expect(pageOf(many, 3).rows).toEqual([50, 51, 52, 53, 54, 55, 56, 57, 58, 59]);
  });

  it('clamps a page past the end, and an empty list has one empty page', () => {
    expect(pageOf(many, 9).page).toBe(3);
    expect(pageOf([], 2)).toEqual({ rows: [], page: 1, pageCount: 1 });
  });
});

describe('matchesSearch', () => {
  it('needs every word somewhere in the row, in any case', () => {
    expect(matchesSearch('amelia HART', ['Amelia', 'Hart', null])).toBe(true);
    expect(matchesSearch('amelia smith', ['Amelia', 'Hart'])).toBe(false);
    expect(matchesSearch('   ', ['x'])).toBe(true);
  });
});
