import { firstFrameFrom } from './frameSearch.ts';
import type { Run } from './walkSequence.ts';

/**
 * How fast the walker rises, m/s (negative going down): the least-squares slope of the stride-averaged pelvis's
 * height (y, the vertical: docs/joint-data.md) over time within each run of regular steps, the runs pooled. The
 * stride average has cancelled the pelvis's rise and fall within each step (Saunders, Inman & Eberhart 1953), and a
 * fit over every frame, rather than the runs' two ends, keeps an end's leftover bob from deciding. On a treadmill the
 * pelvis keeps its height, so only a walk that travels can climb.
 */
export function climbRate(smooth: Float64Array, times: Float64Array, n: number, runs: readonly Run[]): number {
  let timeHeight = 0;
  let timeTime = 0;
  for (const { start, end } of runs) {
    const from = firstFrameFrom(times, n, start);
    let count = 0;
    let timeSum = 0;
    let heightSum = 0;
    for (let k = from; k < n && (times[k] ?? 0) <= end; k++) {
      count++;
      timeSum += times[k] ?? 0;
      heightSum += smooth[3 * k + 1] ?? 0;
    }
    if (count < 2) continue;
    const [meanTime, meanHeight] = [timeSum / count, heightSum / count];
    for (let k = from; k < from + count; k++) {
      const dt = (times[k] ?? 0) - meanTime;
      timeHeight += dt * ((smooth[3 * k + 1] ?? 0) - meanHeight);
      timeTime += dt * dt;
    }
  }
  return timeTime > 0 ? timeHeight / timeTime : 0;
}
