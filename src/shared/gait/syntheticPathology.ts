import type { Side } from './gaitResult.ts';

/**
 * Two pathological gaits the synthetic walker can imitate, cheaply and by their defining features (Perry &
 * Burnfield 2010, Gait Analysis: Normal and Pathological Function; Whittle's Gait Analysis, 5th ed., 2012):
 * - antalgic: the walker spends less time on the painful limb. Its stance is shortened by `stanceDrop` points of
 *   the cycle and the sound foot hurries to the floor: the step onto the sound foot is shorter and quicker by the
 *   same share of the stride, the step onto the painful one longer and slower.
 * - steppage: a dropped foot (weak ankle dorsiflexors) is lifted clear by extra hip and knee flexion. The foot
 *   hangs toes down through swing instead of being pulled up, clears the floor by `clearance` metres more at
 *   mid-swing, and lands flat instead of on the heel (no heel rocker).
 */
export type Pathology =
  { kind: 'antalgic'; side: Side; stanceDrop?: number } | { kind: 'steppage'; side: Side; clearance?: number };

/** How one foot moves: its stance share of the cycle, and its swing and landing. */
export type FootStyle = {
  /** Multiplier of the steps that end with this foot (1 for a symmetric walk). */
  stepShare: number;
  /** Stance, percent of the cycle. */
  stancePercent: number;
  /** Extra heel height at mid-swing, metres. */
  clearance: number;
  /** Whether the foot lands flat and hangs toes down in swing. */
  dropped: boolean;
};

const DEFAULT_STANCE_DROP = 6;
const DEFAULT_CLEARANCE = 0.08;

/** Each foot's style for a walk with the given stance, left-right asymmetry (0–0.3) and pathology. */
export function footStyles(stancePercent: number, asymmetry: number, pathology?: Pathology): Record<Side, FootStyle> {
  const styles: Record<Side, FootStyle> = {
    left: { stepShare: 1 + asymmetry / 2, stancePercent, clearance: 0, dropped: false },
    right: { stepShare: 1 - asymmetry / 2, stancePercent, clearance: 0, dropped: false },
  };
  if (pathology === undefined) return styles;
  const affected = styles[pathology.side];
  const sound = styles[pathology.side === 'left' ? 'right' : 'left'];
  if (pathology.kind === 'antalgic') {
    const drop = pathology.stanceDrop ?? DEFAULT_STANCE_DROP;
    affected.stancePercent -= drop;
    // A step is half a stride times its share: moving `drop` points of the stride between the two steps.
    affected.stepShare *= 1 + (2 * drop) / 100;
    sound.stepShare *= 1 - (2 * drop) / 100;
  } else {
    affected.clearance = pathology.clearance ?? DEFAULT_CLEARANCE;
    affected.dropped = true;
  }
  return styles;
}
