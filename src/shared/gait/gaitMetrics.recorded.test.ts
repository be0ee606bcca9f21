import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canonicalOutput, engineCases, engineDigest } from '../../../tests/fixtures/gait/engineCases.ts';
import { computeGaitMetrics } from './gaitMetrics.ts';

/**
 * Work on the engine's speed must not change a single bit of its answers: every case of engineCases.ts (the real
 * Kinect walks whole and in excerpts, the Vicon trials, synthetic walks up to ten minutes) is analysed and its
 * canonical text compared, by SHA-256, with the answer recorded from the engine before that work
 * (tests/fixtures/gait/engineOutputs.json). A change meant to alter the answers re-records them
 * (recordEngineOutputs.ts) in its own commit, which says why.
 */
const recorded = JSON.parse(
  readFileSync(new URL('../../../tests/fixtures/gait/engineOutputs.json', import.meta.url), 'utf8'),
) as { recordedFrom: string; cases: Record<string, string> };

describe('the gait engine against its recorded answers', () => {
  const cases = engineCases();

  it('has a recorded answer for every case, and a case for every recorded answer', () => {
    expect(cases.map((c) => c.name).sort()).toEqual(Object.keys(recorded.cases).sort());
  });

  it('gives every case the answer recorded, bit for bit', () => {
    const changed = cases.filter(
      (c) => engineDigest(canonicalOutput(computeGaitMetrics(c.recording(), c.options))) !== recorded.cases[c.name],
    );
    expect(changed.map((c) => c.name)).toEqual([]);
  });
});
