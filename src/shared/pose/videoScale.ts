import { LANDMARK_COUNT, VALUES_PER_LANDMARK } from './poseKeypoints.ts';

/** How the clinician gave the video's scale. Points are in the video's pixels. */
export type ScaleChoice =
  | { kind: 'height'; heightM: number }
  | { kind: 'floorMarks'; distanceM: number; from: { x: number; y: number }; to: { x: number; y: number } };

export type VideoScale = {
  metresPerPixel: number;
  /** Relative uncertainty of every length and speed (0.05: ± 5 %). */
  uncertainty: number;
  description: string;
};

/**
 * Ankle to shoulder is 0.779 of standing height: ankle 0.039 H and shoulder 0.818 H above the floor in Drillis &
 * Contini's segment proportions (Winter 2009, Biomechanics and Motor Control of Human Movement, fig. 4.1). Measured
 * along the leg and trunk (ankle–knee–hip–shoulder), so a bent knee does not shorten it.
 */
const ANKLE_TO_SHOULDER_PER_HEIGHT = 0.818 - 0.039;
/** People differ from those proportions by a few percent; with the pose model's own error, ± 5 % on lengths. */
const HEIGHT_SCALE_UNCERTAINTY = 0.05;
/** A clinician marks a floor point to within about 3 pixels. */
const MARK_PIXELS = 3;
const LEGS = [
  [27, 25, 23, 11],
  [28, 26, 24, 12],
] as const;

const fixed = (v: number, digits: number) => v.toFixed(digits);

/** Metres per pixel from the clinician's choice; the error is a sentence for the clinician. */
export function videoScale(
  choice: ScaleChoice,
  values: Float32Array,
  n: number,
): { ok: true; scale: VideoScale } | { ok: false; error: string } {
  if (choice.kind === 'floorMarks') {
    const pixels = Math.hypot(choice.to.x - choice.from.x, choice.to.y - choice.from.y);
    if (!(choice.distanceM > 0) || !(pixels >= 20)) {
      return {
        ok: false,
        error: 'Mark two floor points at least 20 pixels apart and enter the distance between them in metres.',
      };
    }
    return {
      ok: true,
      scale: {
        metresPerPixel: choice.distanceM / pixels,
        uncertainty: (2 * MARK_PIXELS) / pixels,
        description: `scale from floor marks ${fixed(choice.distanceM, 2)} m apart`,
      },
    };
  }
  if (!(choice.heightM >= 0.5 && choice.heightM <= 2.5)) {
    return { ok: false, error: "The patient's height must be between 0.5 and 2.5 m to scale the video." };
  }
  const lengths: number[] = [];
  for (let f = 0; f < n; f++) {
    for (const chain of LEGS) lengths.push(chainPixels(values, f, chain));
  }
  lengths.sort((a, b) => a - b);
  const median = lengths[Math.floor(lengths.length / 2)] ?? 0;
  if (!(median > 0)) return { ok: false, error: 'The body is not tracked well enough to scale the video by height.' };
  return {
    ok: true,
    scale: {
      metresPerPixel: (ANKLE_TO_SHOULDER_PER_HEIGHT * choice.heightM) / median,
      uncertainty: HEIGHT_SCALE_UNCERTAINTY,
      description: `scale from height ${fixed(choice.heightM, 2)} m`,
    },
  };
}

/** Ankle to knee to hip to shoulder of one side in frame f, pixels. */
function chainPixels(values: Float32Array, f: number, chain: readonly number[]): number {
  const at = (j: number, axis: number) => values[(f * LANDMARK_COUNT + j) * VALUES_PER_LANDMARK + axis] ?? 0;
  let length = 0;
  for (let k = 1; k < chain.length; k++) {
    const [a = 0, b = 0] = [chain[k - 1], chain[k]];
    length += Math.hypot(at(b, 0) - at(a, 0), at(b, 1) - at(a, 1));
  }
  return length;
}
