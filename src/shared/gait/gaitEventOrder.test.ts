import { describe, expect, it } from 'vitest';
import { sortedEvents } from './gaitEventOrder.ts';
import type { FootContacts } from './stanceFootprints.ts';

const foot = (heelStrikes: number[], toeOffs: number[]): FootContacts => ({ heelStrikes, toeOffs, stances: [] });

/** The events as "side strike/off time" in the order given, for readable expectations. */
const listed = (events: ReturnType<typeof sortedEvents>) =>
  Array.from(
    { length: events.count },
    (_, i) => `${events.side[i] === 0 ? 'L' : 'R'} ${events.strike[i] === 1 ? 'HS' : 'TO'} ${String(events.t[i])}`,
  );

/** What the engine sorted by before the merge: a stable sort of every event by its sort time. */
function byStableSort(left: FootContacts, right: FootContacts, slack: number): string[] {
  const all = [left, right].flatMap((f, side) => [
    ...f.heelStrikes.map((t) => ({ key: t, text: `${side === 0 ? 'L' : 'R'} HS ${String(t)}` })),
    ...f.toeOffs.map((t) => ({ key: t + slack, text: `${side === 0 ? 'L' : 'R'} TO ${String(t)}` })),
  ]);
  return all
    .map((e, i) => ({ ...e, i }))
    .sort((a, b) => a.key - b.key || a.i - b.i)
    .map((e) => e.text);
}

describe('both feet’s events in time order', () => {
  it('keeps left heel strikes, left toe offs, right heel strikes, right toe offs at the same sort time', () => {
    const events = sortedEvents(foot([1, 2], [0.9]), foot([1, 1.5], [0.9, 2]), 0.1);
    expect(listed(events)).toEqual(['L HS 1', 'L TO 0.9', 'R HS 1', 'R TO 0.9', 'R HS 1.5', 'L HS 2', 'R TO 2']);
  });

  it('orders events as a stable sort of all of them would, in order or not', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    // Times on a coarse grid, so that many events tie; every fifth case out of order.
    const times = (count: number, sorted: boolean) => {
      const values = Array.from({ length: count }, () => Math.round(random() * 20) / 4);
      return sorted ? values.sort((a, b) => a - b) : values;
    };
    for (let c = 0; c < 200; c++) {
      const sorted = c % 5 !== 0;
      const n = () => Math.floor(random() * 12);
      const left = foot(times(n(), sorted), times(n(), sorted));
      const right = foot(times(n(), sorted), times(n(), sorted));
      const slack = c % 2 === 0 ? 0.25 : 0;
      expect(listed(sortedEvents(left, right, slack))).toEqual(byStableSort(left, right, slack));
    }
  });
});
