import { describe, expect, it } from 'vitest';
import { computeGaitMetrics } from './gaitMetrics.ts';
import { float64s, uint8s, withGaitWorkspace } from './gaitWorkspace.ts';
import { syntheticWalk } from './syntheticWalk.ts';

describe('the gait engine workspace', () => {
  it('hands the next analysis the same buffers, zeroed and of the exact length asked for', () => {
    const first = withGaitWorkspace(() => {
      const values = float64s(40);
      const flags = uint8s(40);
      values.fill(3);
      flags.fill(1);
      return { values, flags };
    });
    const second = withGaitWorkspace(() => ({ values: float64s(30), flags: uint8s(30) }));
    expect(second.values.buffer).toBe(first.values.buffer);
    expect(second.values.length).toBe(30);
    expect(second.flags.length).toBe(30);
    expect(second.values.every((v) => v === 0)).toBe(true);
    expect(second.flags.every((v) => v === 0)).toBe(true);
  });

  it('gives a new array outside an analysis', () => {
    expect(float64s(10).buffer).not.toBe(float64s(10).buffer);
  });

  it('leaves nothing of one analysis in the next: a walk analysed after a longer one comes out the same', () => {
    const walk = (seed: number, durationS: number) =>
      syntheticWalk({ seed, speed: 1.1, cadence: 108, stancePercent: 61, direction: 'away', durationS }).recording;
    const short = walk(5, 20);
    const alone = JSON.stringify(computeGaitMetrics(short));
    computeGaitMetrics(walk(9, 60));
    expect(JSON.stringify(computeGaitMetrics(short))).toBe(alone);
  });

  it('holds no typed array in the answer, which would be overwritten by the next analysis', () => {
    const result = computeGaitMetrics(
      syntheticWalk({ seed: 3, speed: 1.2, cadence: 110, stancePercent: 60, direction: 'toward', durationS: 20 })
        .recording,
    );
    const views: unknown[] = [];
    const visit = (value: unknown) => {
      if (ArrayBuffer.isView(value)) views.push(value);
      else if (typeof value === 'object' && value !== null) Object.values(value).forEach(visit);
    };
    visit(result);
    expect(result.status).toBe('ok');
    expect(views).toEqual([]);
  });
});
