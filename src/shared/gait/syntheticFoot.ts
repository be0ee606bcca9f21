import type { Footfall } from './syntheticSchedule.ts';

/**
 * A rolling foot (Perry & Burnfield 2010, the three rockers of stance): the heel lands with the forefoot raised and
 * the foot pivots on the heel until it is flat (heel rocker, about the first 12% of the cycle); it stays flat while
 * the body passes over the ankle (ankle rocker); from about a quarter of the cycle the heel rises and the foot
 * pivots on the forefoot until the toes leave the floor (forefoot rocker). In swing the heel rises highest early,
 * the foot levels with the toes just clear of the floor at mid-swing, and the forefoot rises again before the heel
 * lands still moving forward and barely downward (Winter 1992, Phys Ther 72:45–53: little vertical heel speed at
 * contact, minimum toe clearance about 1.3 cm). The pitch and heel-height key poses are those of a healthy adult's
 * heel and toe markers, averaged over the cycles of the Plug-in Gait trials in tests/fixtures/c3d (normal gait
 * data; the engine is validated on those trials' events, not on this foot).
 *
 * The foot is rigid in the sagittal plane: a pose is the heel's position along the path, its height, and the pitch
 * of the sole (radians, positive with the toes up). Distances in metres, foot-frame points (forward, up) from the
 * heel's contact point.
 */
export type FootPose = { along: number; height: number; pitch: number };

/** The forefoot pivot (metatarsal heads and toes) from the heel, metres. */
const PIVOT = 0.22;
/** Kinect's Ankle and Foot joints in the foot frame: the ankle above the heel, the foot joint over the forefoot. */
export const ANKLE_POINT = { forward: 0.05, up: 0.08 } as const;
export const FOOT_POINT = { forward: 0.17, up: 0.03 } as const;

/** Pitch at heel strike and toe off, radians (about 19° toes up, and 50° heel up). */
const STRIKE_PITCH = 0.33;
const TOE_OFF_PITCH = -0.88;
/** The heel rises slowly at first and the foot rolls off ever faster: pitch grows as the 2.5th power of the roll. */
const ROLL_POWER = 2.5;
/** Foot flat at this fraction of the cycle; heel rise at this fraction of stance (about 25% of the cycle). */
const FOOT_FLAT = 0.12;
const HEEL_RISE = 0.42;
/** The heel's forward speed at contact as a fraction of walking speed (0.87 of 1.4 m/s), and its sink rate. */
const LANDING_FORWARD = 0.5;
const LANDING_DOWN = 0.08;

/** Swing key poses between toe off (0) and heel strike (1): progress to the next footprint, heel height, pitch. */
const SWING_KEYS = [
  { at: 0.1, progress: 0.086, height: 0.216, pitch: -0.95 },
  { at: 0.15, progress: 0.134, height: 0.218, pitch: -0.9 },
  { at: 0.25, progress: 0.23, height: 0.2, pitch: -0.77 },
  { at: 0.5, progress: 0.53, height: 0.076, pitch: -0.24 },
  { at: 0.75, progress: 0.87, height: 0.012, pitch: 0.33 },
  { at: 0.85, progress: 0.956, height: 0.007, pitch: 0.44 },
  { at: 0.9, progress: 0.98, height: 0.004, pitch: 0.43 },
  { at: 0.95, progress: 0.992, height: 0.0015, pitch: 0.4 },
] as const;

/**
 * The foot's pose at time t within the cycle that starts with `fall` and ends with `next` (the same foot's next
 * heel strike); speed is the walking speed, for the landing.
 */
export function footPose(
  fall: Footfall,
  next: Footfall,
  t: number,
  speed: number,
  swing: SwingStyle = NORMAL_SWING,
): FootPose {
  const stride = next.strike - fall.strike;
  const flatAt = fall.strike + FOOT_FLAT * stride;
  const riseAt = fall.strike + HEEL_RISE * (fall.toeOff - fall.strike);
  if (t < flatAt) {
    const u = (t - fall.strike) / (flatAt - fall.strike);
    return { along: fall.along, height: 0, pitch: strikePitch(swing) * (1 - u) ** 2 };
  }
  if (t < riseAt) return { along: fall.along, height: 0, pitch: 0 };
  if (t < fall.toeOff) return pivotPose(fall, TOE_OFF_PITCH * ((t - riseAt) / (fall.toeOff - riseAt)) ** ROLL_POWER);
  return swingPose(fall, next, t, riseAt, speed, swing);
}

/**
 * A foot's swing: extra heel clearance at mid-swing (metres), and whether the foot has dropped (hangs toes down
 * instead of being pulled up, and lands flat): the steppage gait of syntheticPathology.ts.
 */
export type SwingStyle = { clearance: number; dropped: boolean };
const NORMAL_SWING: SwingStyle = { clearance: 0, dropped: false };
const strikePitch = (swing: SwingStyle) => (swing.dropped ? 0 : STRIKE_PITCH);

/** The foot rotated by pitch about the forefoot pivot on the floor. */
function pivotPose(fall: Footfall, pitch: number): FootPose {
  return { along: fall.along + PIVOT - PIVOT * Math.cos(pitch), height: -PIVOT * Math.sin(pitch), pitch };
}

function swingPose(
  fall: Footfall,
  next: Footfall,
  t: number,
  riseAt: number,
  speed: number,
  style: SwingStyle,
): FootPose {
  const swing = next.strike - fall.toeOff;
  const s = (t - fall.toeOff) / swing;
  const landing = strikePitch(style);
  // End conditions, as derivatives per unit of swing fraction.
  const offRate = (ROLL_POWER * TOE_OFF_PITCH) / (fall.toeOff - riseAt);
  const off = pivotPose(fall, TOE_OFF_PITCH);
  const offAlong = -PIVOT * Math.sin(TOE_OFF_PITCH) * offRate * swing;
  const offHeight = -PIVOT * Math.cos(TOE_OFF_PITCH) * offRate * swing;
  const span = next.along - off.along;
  const landRate = ((-2 * landing) / (FOOT_FLAT * (next.strike - fall.strike))) * swing;
  const progress = hermite(
    s,
    [0, ...SWING_KEYS.map((k) => k.at), 1],
    [0, ...SWING_KEYS.map((k) => k.progress), 1],
    offAlong / span,
    (LANDING_FORWARD * speed * swing) / span,
  );
  // The extra clearance rises and falls smoothly (sin², no step in the heel's vertical speed at either end).
  const lift = style.clearance * Math.sin(Math.PI * s) ** 2;
  const height =
    lift +
    hermite(
      s,
      [0, ...SWING_KEYS.map((k) => k.at), 1],
      [off.height, ...SWING_KEYS.map((k) => k.height), 0],
      offHeight,
      -LANDING_DOWN * speed * swing,
    );
  const pitch = hermite(
    s,
    [0, ...SWING_KEYS.map((k) => k.at), 1],
    [TOE_OFF_PITCH, ...SWING_KEYS.map((k) => (style.dropped ? Math.min(0, k.pitch) : k.pitch)), landing],
    offRate * swing,
    landRate,
  );
  return { along: off.along + progress * span, height, pitch };
}

/**
 * Piecewise cubic Hermite interpolation through (xs, ys) with the given end slopes and Catmull-Rom slopes inside
 * (Catmull & Rom 1974), so that position and velocity are continuous.
 */
function hermite(
  x: number,
  xs: readonly number[],
  ys: readonly number[],
  startSlope: number,
  endSlope: number,
): number {
  const last = xs.length - 1;
  let i = 0;
  while (i < last - 1 && x > (xs[i + 1] ?? 1)) i++;
  const slope = (j: number) =>
    j === 0
      ? startSlope
      : j === last
        ? endSlope
        : ((ys[j + 1] ?? 0) - (ys[j - 1] ?? 0)) / ((xs[j + 1] ?? 0) - (xs[j - 1] ?? 0));
  const x0 = xs[i] ?? 0;
  const x1 = xs[i + 1] ?? 1;
  const h = x1 - x0;
  const u = (x - x0) / h;
  const [y0, y1] = [ys[i] ?? 0, ys[i + 1] ?? 0];
  const [m0, m1] = [slope(i) * h, slope(i + 1) * h];
  const u2 = u * u;
  const u3 = u2 * u;
  return (2 * u3 - 3 * u2 + 1) * y0 + (u3 - 2 * u2 + u) * m0 + (-2 * u3 + 3 * u2) * y1 + (u3 - u2) * m1;
}

/** A foot-frame point at the pose: (along the path, height above the floor). */
export function footPoint(pose: FootPose, point: { forward: number; up: number }): { along: number; height: number } {
  const c = Math.cos(pose.pitch);
  const s = Math.sin(pose.pitch);
  return {
    along: pose.along + point.forward * c - point.up * s,
    height: pose.height + point.forward * s + point.up * c,
  };
}
