/** A walking test a session records (docs/spec.md §3 Test). */
export type WalkTest = { TestID: string; Name: string };

/** TestIDs are stored on sessions, so they never change meaning: retire an entry rather than reuse its TestID. */
export const WALK_TESTS = [
  { TestID: 'T01', Name: '10-Metre Walk Test' },
  { TestID: 'T02', Name: 'Timed Up and Go' },
  { TestID: 'T03', Name: '6-Minute Walk Test' },
  { TestID: 'T04', Name: '2-Minute Walk Test' },
  { TestID: 'T05', Name: 'Self-selected Speed Walk' },
  { TestID: 'T06', Name: 'Fast Walk' },
  { TestID: 'T07', Name: 'Dual-task Walk' },
  { TestID: 'T08', Name: 'Treadmill Walk' },
  { TestID: 'T09', Name: 'Figure-of-8 Walk Test' },
  { TestID: 'T10', Name: 'Tandem Walk' },
] as const satisfies readonly WalkTest[];
