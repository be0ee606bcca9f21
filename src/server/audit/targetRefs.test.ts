import { describe, expect, it } from 'vitest';
import { targetRefs } from './targetRefs.ts';

describe('targetRefs', () => {
  it('names each record of a target once, in order, by its kind', () => {
    expect(targetRefs('patient:p1 subSession:s1 metrics.csv')).toEqual([
      { kind: 'patient', id: 'p1' },
      { kind: 'subSession', id: 's1' },
    ]);
    expect(targetRefs('patients:a,b,a since 2026-01-01T00:00:00.000Z')).toEqual([
      { kind: 'patient', id: 'a' },
      { kind: 'patient', id: 'b' },
    ]);
    expect(targetRefs('report:r1 patients:p1 sub-sessions:s1,s2')).toEqual([
      { kind: 'report', id: 'r1' },
      { kind: 'patient', id: 'p1' },
      { kind: 'subSession', id: 's1' },
      { kind: 'subSession', id: 's2' },
    ]);
  });

  it('reads no record from words that only look like one', () => {
    expect(targetRefs('audit_log')).toEqual([]);
    expect(targetRefs('-')).toEqual([]);
    expect(targetRefs('patients:none')).toEqual([]);
    expect(targetRefs('audit_log From=2026-01-01T00:00:00.000Z Person="x:y"')).toEqual([]);
  });
});
