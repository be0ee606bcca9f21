import { describe, expect, it } from 'vitest';
import { runNow, runSliced, sortSliced } from './timeSlice.ts';

describe('sortSliced', () => {
  it('sorts like Array.prototype.sort, stably, and pauses on long input', () => {
    const items = Array.from({ length: 5000 }, (_, i) => ({ key: (i * 7919) % 97, i }));
    const byKey = (a: { key: number }, b: { key: number }) => a.key - b.key;
    const work = sortSliced(items, byKey);
    let pauses = 0;
    let step = work.next();
    while (!step.done) {
      pauses++;
      step = work.next();
    }
    expect(step.value).toEqual([...items].sort(byKey));
    expect(pauses).toBeGreaterThan(10);
  });

  it('handles empty and single lists', () => {
    expect(runNow(sortSliced([], (a: number, b: number) => a - b))).toEqual([]);
    expect(runNow(sortSliced([3], (a: number, b: number) => a - b))).toEqual([3]);
  });
});

describe('runSliced', () => {
  it('stops between slices once the work is cancelled', async () => {
    function* forever() {
      for (;;) yield;
    }
    let cancelled = false;
    const running = runSliced(forever(), () => cancelled);
    cancelled = true;
    await expect(running).rejects.toThrow('replaced');
  });
});
