import type { Stance } from './stanceFootprints.ts';
import { trimmedMean } from './orderStatistics.ts';
import { firstFrameFrom } from './frameSearch.ts';
import { at, type Vector } from './progression.ts';

/**
 * Walking speed when the floor moved in camera space (treadmill, or a sensor turning to follow the walker): a foot
 * on the floor moves backward relative to the pelvis at the walking speed, whatever the camera does (the relation
 * Zeni et al. 2008 rely on for treadmill walking). Per stance: the foot's velocity over mid-stance minus the
 * stride-averaged pelvis's, along the direction of progression; summarised by a trimmed mean.
 */
export function speedFromStances(
  stances: readonly Stance[],
  smoothPelvis: Float64Array,
  times: Float64Array,
  n: number,
  directionAt: (t: number) => Vector,
): number | undefined {
  const speeds: number[] = [];
  for (const { footprint: floor } of stances) {
    if (floor === null || !(floor.to - floor.from > 0.05)) continue;
    const before = at(smoothPelvis, times, n, floor.from, firstFrameFrom(times, n, floor.from) - 1);
    const after = at(smoothPelvis, times, n, floor.to, firstFrameFrom(times, n, floor.to) - 1);
    const span = floor.to - floor.from;
    const d = directionAt((floor.from + floor.to) / 2);
    const relative =
      (floor.vx - (after.x - before.x) / span) * d.x +
      (floor.vy - (after.y - before.y) / span) * d.y +
      (floor.vz - (after.z - before.z) / span) * d.z;
    speeds.push(-relative);
  }
  return speeds.length === 0 ? undefined : Math.max(0, trimmedMean(speeds, 0.2));
}
