import { describe, expect, it } from 'vitest';
import { windowPatients } from './sessionRecords.ts';

describe('windowPatients (how many patients a window of a patient-keyed page reads)', () => {
  it('starts with one patient for every four rows wanted, so a page of 1,001 does not read 2,500 recordings', () => {
    expect(windowPatients(1001, { patients: 0, rows: 0 })).toBe(251);
    expect(windowPatients(101, { patients: 0, rows: 0 })).toBe(26);
  });

  it('sizes a following window by the rows a patient the page has read so far, with a quarter to spare', () => {
    // 251 patients gave 800 rows (3.2 each): 201 more rows need about 63 patients, 79 with the spare.
    expect(windowPatients(201, { patients: 251, rows: 800 })).toBe(79);
    // Sparse scopes (one recording for every ten patients) get a window wide enough for the rest at once.
    expect(windowPatients(900, { patients: 250, rows: 25 })).toBe(11250);
  });

  it('doubles the patients after windows that held no rows, and never reads fewer than two', () => {
    expect(windowPatients(1001, { patients: 251, rows: 0 })).toBe(502);
    expect(windowPatients(1, { patients: 0, rows: 0 })).toBe(2);
    expect(windowPatients(1, { patients: 2, rows: 0 })).toBe(4);
    expect(windowPatients(1, { patients: 100, rows: 1000 })).toBe(2);
  });
});
