import type { FootSignals } from './boutSignals.ts';
import { float64s } from './gaitWorkspace.ts';

/**
 * Whether the floor moved under the walker in camera space: on a treadmill, or when the sensor turns to follow the
 * walker (the KinectGait recordings were made from a turntable). The feet still step back and forth relative to
 * the pelvis, as Zeni et al. (2008) exploit for treadmill walking, but the pelvis barely travels and a foot on the
 * floor slides backward instead of standing still.
 */

/**
 * Span over which relative foot velocity is measured: about a tenth of a second keeps jitter small against the
 * motion. Counted in frames at the bout's mean rate (3 at 30 Hz, 11 at 100 Hz), so that uneven or rounded
 * timestamps cannot change which frames it spans.
 */
const SPAN_S = 0.11;
/** Half-width of the window for the local direction: wide enough for two strides, narrow enough to follow a turn. */
const WINDOW_S = 1.5;
/**
 * A foot moves relative to the pelvis at the walking speed in stance and faster in swing, about 2 × stance
 * fraction × speed on average; pelvis travel below half of the speed that implies means the floor moved.
 */
const FEET_TO_SPEED = 1 / 1.2;
const MOVING_FLOOR_RATIO = 0.5;
/** Running sums per frame: relative heel x, z; x², xz, z²; velocity x, z; vx³, vx²vz, vx·vz², vz³; toe − heel x, z. */
const CHANNELS = 13;
/**
 * The toes point the way the walker faces: the Foot joint lies 5–9 cm ahead of the Ankle joint along the walk on
 * the Kinect recordings, in every frame of a walking pass and with the opposite sign after the turn. Where the
 * window's mean offset along the axis is at least this, it gives the direction's sign; else the swing does.
 */
const POINTING_M = 0.02;

/**
 * Says whether the floor moved, and if so fills `direction` (xyz per frame) with the feet's local direction of
 * progression in the camera's x–z plane: the principal axis of both heels' motion relative to the pelvis over a
 * window around each frame, pointing the way the toes point, or where they do not say, the way the feet swing (the
 * fast part of their motion: positive skew).
 */
export function floorMotion(
  pelvis: Float64Array,
  left: FootSignals,
  right: FootSignals,
  n: number,
  sampleRate: number,
  pelvisTravel: number,
  direction: Float64Array,
): boolean {
  const spanFrames = Math.max(1, Math.round(SPAN_S * sampleRate));
  const windowFrames = Math.max(1, Math.round(WINDOW_S * sampleRate));
  // The decision needs only an average: every third frame will do.
  let speedSum = 0;
  let speedSamples = 0;
  for (let k = 0; k < n; k += 3) {
    const j = Math.min(n - 1, k + spanFrames);
    const span = (j - k) / sampleRate;
    if (!(span > 0)) continue;
    speedSum +=
      relativeSpeed(left.heel.position, pelvis, k, j, span) + relativeSpeed(right.heel.position, pelvis, k, j, span);
    speedSamples += 2;
  }
  const feetSpeed = speedSamples > 0 ? (speedSum / speedSamples) * FEET_TO_SPEED : 0;
  if (!(pelvisTravel < MOVING_FLOOR_RATIO * feetSpeed)) return false;
  const sums = float64s(CHANNELS * (n + 1));
  for (let k = 0; k < n; k++) {
    const j = Math.min(n - 1, k + spanFrames);
    const row = CHANNELS * (k + 1);
    for (let c = 0; c < CHANNELS; c++) sums[row + c] = sums[row - CHANNELS + c] ?? 0;
    const span = (j - k) / sampleRate;
    accumulate(sums, row, left, pelvis, k, j, span);
    accumulate(sums, row, right, pelvis, k, j, span);
  }
  for (let k = 0; k < n; k++) {
    const lo = Math.max(0, k - windowFrames);
    const hi = Math.min(n - 1, k + windowFrames);
    // windowMean rather than a closure per frame: tsx (the server, the benches) names each closure as it is made.
    const mx = windowMean(sums, lo, hi, 0);
    const mz = windowMean(sums, lo, hi, 1);
    const angle =
      0.5 *
      Math.atan2(
        2 * (windowMean(sums, lo, hi, 3) - mx * mz),
        windowMean(sums, lo, hi, 2) - mx * mx - (windowMean(sums, lo, hi, 4) - mz * mz),
      );
    const ax = Math.cos(angle);
    const az = Math.sin(angle);
    const skew =
      ax * ax * ax * windowMean(sums, lo, hi, 7) +
      3 * ax * ax * az * windowMean(sums, lo, hi, 8) +
      3 * ax * az * az * windowMean(sums, lo, hi, 9) +
      az * az * az * windowMean(sums, lo, hi, 10);
    const pointing = ax * windowMean(sums, lo, hi, 11) + az * windowMean(sums, lo, hi, 12);
    const sign = Math.abs(pointing) >= POINTING_M ? Math.sign(pointing) : skew < 0 ? -1 : 1;
    direction[3 * k] = sign * ax;
    direction[3 * k + 1] = 0;
    direction[3 * k + 2] = sign * az;
  }
  return true;
}

/** The mean of channel c of both feet over frames lo..hi, from the running sums. */
function windowMean(sums: Float64Array, lo: number, hi: number, c: number): number {
  return ((sums[CHANNELS * (hi + 1) + c] ?? 0) - (sums[CHANNELS * lo + c] ?? 0)) / (2 * (hi - lo + 1));
}

/** Horizontal speed of a heel relative to the pelvis between frames k and j. */
function relativeSpeed(heel: Float64Array, pelvis: Float64Array, k: number, j: number, span: number): number {
  const vx = ((heel[3 * j] ?? 0) - (pelvis[3 * j] ?? 0) - (heel[3 * k] ?? 0) + (pelvis[3 * k] ?? 0)) / span;
  const vz =
    ((heel[3 * j + 2] ?? 0) - (pelvis[3 * j + 2] ?? 0) - (heel[3 * k + 2] ?? 0) + (pelvis[3 * k + 2] ?? 0)) / span;
  return Math.sqrt(vx * vx + vz * vz);
}

/** Adds one foot's moments at frame k (heel velocity over frames k..j) to the running sums. */
function accumulate(
  sums: Float64Array,
  row: number,
  foot: FootSignals,
  pelvis: Float64Array,
  k: number,
  j: number,
  span: number,
): void {
  const heel = foot.heel.position;
  const toe = foot.toe.position;
  const x = (heel[3 * k] ?? 0) - (pelvis[3 * k] ?? 0);
  const z = (heel[3 * k + 2] ?? 0) - (pelvis[3 * k + 2] ?? 0);
  const vx = span > 0 ? ((heel[3 * j] ?? 0) - (pelvis[3 * j] ?? 0) - x) / span : 0;
  const vz = span > 0 ? ((heel[3 * j + 2] ?? 0) - (pelvis[3 * j + 2] ?? 0) - z) / span : 0;
  sums[row] = (sums[row] ?? 0) + x;
  sums[row + 1] = (sums[row + 1] ?? 0) + z;
  sums[row + 2] = (sums[row + 2] ?? 0) + x * x;
  sums[row + 3] = (sums[row + 3] ?? 0) + x * z;
  sums[row + 4] = (sums[row + 4] ?? 0) + z * z;
  sums[row + 5] = (sums[row + 5] ?? 0) + vx;
  sums[row + 6] = (sums[row + 6] ?? 0) + vz;
  sums[row + 7] = (sums[row + 7] ?? 0) + vx * vx * vx;
  sums[row + 8] = (sums[row + 8] ?? 0) + vx * vx * vz;
  sums[row + 9] = (sums[row + 9] ?? 0) + vx * vz * vz;
  sums[row + 10] = (sums[row + 10] ?? 0) + vz * vz * vz;
  sums[row + 11] = (sums[row + 11] ?? 0) + (toe[3 * k] ?? 0) - (heel[3 * k] ?? 0);
  sums[row + 12] = (sums[row + 12] ?? 0) + (toe[3 * k + 2] ?? 0) - (heel[3 * k + 2] ?? 0);
}
