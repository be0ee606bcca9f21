import { LANDMARK_COUNT, VALUES_PER_LANDMARK } from './poseKeypoints.ts';

const PER_FRAME = LANDMARK_COUNT * VALUES_PER_LANDMARK;
/** Knee, ankle, heel and toe (foot_index) of the left leg and of the right, in the BlazePose layout. */
const LEFT_LEG = [25, 27, 29, 31];
const RIGHT_LEG = [26, 28, 30, 32];
/**
 * Labels are swapped only when the swapped legs fit the legs' paths at most half as far off as the labels given:
 * where the legs cross they stand close together and either labelling fits about as well, so those frames are kept.
 */
const SWAP_RATIO = 0.5;

/**
 * Guards against left/right swaps where the legs cross in a side view (a single camera often takes the far leg for
 * the near one for a few frames). Each frame's legs are compared with where the previous two frames' legs were
 * heading (a constant-velocity prediction); a frame whose legs fit the other leg's path clearly better has its leg
 * labels exchanged. Works in place on n frames of values (x, y, visibility per landmark); returns the frames changed.
 */
export function guardLegSwaps(values: Float32Array, n: number): number {
  let swapped = 0;
  for (let f = 2; f < n; f++) {
    let keep = 0;
    let swap = 0;
    for (let k = 0; k < LEFT_LEG.length; k++) {
      const [l = 0, r = 0] = [LEFT_LEG[k], RIGHT_LEG[k]];
      keep += distanceToPath(values, f, l, l) + distanceToPath(values, f, r, r);
      swap += distanceToPath(values, f, l, r) + distanceToPath(values, f, r, l);
    }
    if (swap < SWAP_RATIO * keep) {
      exchangeLegs(values, f);
      swapped++;
    }
  }
  return swapped;
}

/** How far landmark `seen` of frame f lies from where landmark `path` was heading after frames f − 2 and f − 1. */
function distanceToPath(values: Float32Array, f: number, seen: number, path: number): number {
  const at = (frame: number, j: number, axis: number) =>
    values[frame * PER_FRAME + j * VALUES_PER_LANDMARK + axis] ?? 0;
  const predicted = (axis: number) => 2 * at(f - 1, path, axis) - at(f - 2, path, axis);
  return Math.hypot(at(f, seen, 0) - predicted(0), at(f, seen, 1) - predicted(1));
}

function exchangeLegs(values: Float32Array, f: number): void {
  for (let k = 0; k < LEFT_LEG.length; k++) {
    const l = f * PER_FRAME + (LEFT_LEG[k] ?? 0) * VALUES_PER_LANDMARK;
    const r = f * PER_FRAME + (RIGHT_LEG[k] ?? 0) * VALUES_PER_LANDMARK;
    for (let a = 0; a < VALUES_PER_LANDMARK; a++) {
      const v = values[l + a] ?? 0;
      values[l + a] = values[r + a] ?? 0;
      values[r + a] = v;
    }
  }
}
