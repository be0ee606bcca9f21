import type { Step } from './cycleMetrics.ts';
import type { GaitMetrics } from './gaitResult.ts';
import { summariseWalk, type WalkSamples } from './gaitSummary.ts';

/**
 * Plausibility rules that turn a detection failure into a plain answer instead of a wrong number:
 * - a step shorter than 5 cm, or going backwards, is a misplaced foot, not a step: its length is dropped with a
 *   warning and never reported;
 * - a cadence outside 20–250 steps/min is not a walk that was found but steps that were not (very slow walkers
 *   reach 40–60, running starts near 180): insufficient data;
 * - the cadence must be the one speed and step length give (steps/min = 60 × speed ÷ step length): a cadence more
 *   than 15% from it counts steps the feet did not take, or misses steps they took (a foot swapped or lost by the
 *   sensor gives a doubled or halved cadence, while speed from the pelvis and step length from the footprints stay
 *   right): insufficient data, never a figure with a warning;
 * - within that, when the two disagree by more than 5% the result carries a warning, since one of them rests on a
 *   misjudged foot or a curving path;
 * - a walk whose pelvis rises or falls more than 3 cm per metre is not level walking (a ramp, stairs, or a sensor
 *   that was not level) and says so. Floors built level lie within 1:48 (about 2 cm/m) and a walking surface
 *   becomes a ramp beyond 1:20 (5 cm/m; ADA Standards for Accessible Design 2010, §403.3, §405.2): 3 cm/m lies
 *   between them, above what the level walks of the fixtures measure.
 */
const MIN_STEP_M = 0.05;
const CADENCE_RANGE = [20, 250] as const;
const CADENCE_AGREEMENT = 0.15;
const SPEED_AGREEMENT = 0.05;
const LEVEL_GRADE = 0.03;

/** The steps with implausible lengths set to null, and how many were dropped. */
export function plausibleSteps(steps: Step[]): { steps: Step[]; dropped: number } {
  let dropped = 0;
  const kept = steps.map((step) => {
    if (step.length === null || step.length >= MIN_STEP_M) return step;
    dropped++;
    return { ...step, length: null, width: null };
  });
  return { steps: kept, dropped };
}

export type CheckedWalk =
  { ok: true; metrics: GaitMetrics; samples: WalkSamples; warnings: string[] } | { ok: false; reason: string };

export function checkWalk(
  samples: WalkSamples,
  movingFloor: boolean,
  heightM: number | undefined,
  droppedSteps: number,
  climbRate: number,
): CheckedWalk {
  const measured = (side: WalkSamples['left']) => side.steps.some((s) => s.length !== null);
  if (!measured(samples.left) || !measured(samples.right)) {
    return {
      ok: false,
      reason: 'Step length could not be measured: a foot was never seen standing still on both sides of a step.',
    };
  }
  const metrics = summariseWalk([samples], heightM);
  if (!(metrics.cadence >= CADENCE_RANGE[0] && metrics.cadence <= CADENCE_RANGE[1])) {
    return {
      ok: false,
      reason: `The steps found give a cadence of ${metrics.cadence.toFixed(0)} steps/min, outside ${String(CADENCE_RANGE[0])}–${String(CADENCE_RANGE[1])}: the feet were not tracked well enough to find the steps.`,
    };
  }
  const implied = (60 * metrics.speed) / metrics.stepLength;
  // Relative to the smaller of the two, as below; a NaN (no speed, no step) fails too.
  if (!(Math.abs(metrics.cadence - implied) <= CADENCE_AGREEMENT * Math.min(metrics.cadence, implied))) {
    return {
      ok: false,
      reason: `The steps found give a cadence of ${metrics.cadence.toFixed(0)} steps/min, but walking speed and step length give ${implied.toFixed(0)}: steps were counted twice or missed, or a footprint was misjudged (the sensor probably swapped or lost a foot).`,
    };
  }
  const warnings: string[] = [];
  if (movingFloor) {
    warnings.push(
      'The pelvis hardly moved while the feet stepped (a treadmill, or a sensor turning to follow the walker): speed and distance come from the feet moving relative to the pelvis.',
    );
  }
  if (droppedSteps > 0) {
    warnings.push(
      `${String(droppedSteps)} step${droppedSteps === 1 ? ' was' : 's were'} shorter than 5 cm or went backwards and ${droppedSteps === 1 ? 'was' : 'were'} left out: the sensor probably misplaced a foot.`,
    );
  }
  const grade = metrics.speed > 0 ? climbRate / metrics.speed : 0;
  if (Math.abs(grade) > LEVEL_GRADE) {
    warnings.push(
      `The walk was not level: the pelvis ${grade > 0 ? 'rose' : 'fell'} ${(100 * Math.abs(grade)).toFixed(1)} cm per metre walked (a slope, stairs, or a sensor that was not level). Speed, distance and step lengths are measured on the horizontal.`,
    );
  }
  const short = shortWalkNote(samples.left.cycles.count, samples.right.cycles.count);
  if (short !== undefined) warnings.push(short);
  const fromSteps = (metrics.stepLength * metrics.cadence) / 60;
  // Relative to the smaller of the two: more than 5% apart whichever is taken for the truth.
  if (Math.abs(fromSteps - metrics.speed) > SPEED_AGREEMENT * Math.min(fromSteps, metrics.speed)) {
    warnings.push(
      `Walking speed (${metrics.speed.toFixed(2)} m/s) and step length × cadence (${fromSteps.toFixed(2)} m/s) differ by more than 5%: the path may curve, the sensor may have moved, or a foot was misjudged.`,
    );
  }
  return { ok: true, metrics, samples, warnings };
}

/**
 * What a short pass cannot give, said rather than left blank: a foot without a complete stride has no phases of
 * its own, and a foot's stride-to-stride variability needs two of its strides. Cadence, speed, step length and
 * time come from the steps, which even a pass with a single stride holds.
 */
function shortWalkNote(left: number, right: number): string | undefined {
  const strides = (count: number) =>
    count === 0 ? 'no complete stride' : count === 1 ? 'one complete stride' : `${String(count)} complete strides`;
  const missing: string[] = [];
  const without = left === 0 ? 'left' : right === 0 ? 'right' : undefined;
  if (without !== undefined) {
    missing.push(
      `the ${without} foot's stride time, stance, swing and support phases need a complete stride of that foot`,
    );
  }
  if (left < 2 || right < 2) missing.push("a foot's stride-to-stride variability needs two of its strides");
  if (missing.length === 0) return undefined;
  return `A short walk, with ${strides(left)} of the left foot and ${strides(right)} of the right: ${missing.join('; ')}.`;
}
