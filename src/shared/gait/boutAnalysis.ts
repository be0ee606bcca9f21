import { boutSignals } from './boutSignals.ts';
import { refineContacts, type FootContacts } from './contactRefinement.ts';
import { gaitCycles, stepLengths } from './cycleMetrics.ts';
import { floorMotion } from './floorMotion.ts';
import { speedFromStances } from './floorSpeed.ts';
import { firstFrameFrom } from './frameSearch.ts';
import type { BoutAnalysis, FootEvents, GaitMetrics } from './gaitResult.ts';
import { summariseWalk, type WalkSamples } from './gaitSummary.ts';
import { seconds, type Seconds } from './gaitUnits.ts';
import type { JointBout } from './jointDataFile.ts';
import { median } from './orderStatistics.ts';
import {
  at,
  footAlongProgression,
  pathLength,
  pathPrefixSums,
  strideAveragedPath,
  travelDirections,
} from './progression.ts';
import { footPelvisExtrema } from './zeniEvents.ts';
import { filterPadding, GAIT_CUTOFF_HZ, lowPassZeroLag } from './zeroLagFilter.ts';

/** Speeds from the pelvis path and from step lengths over stride time should agree; this much apart is suspicious. */
const SPEED_DISAGREEMENT = 0.2;

/** A bout's answer, and what it contributes to the session's summary (null if it could not be analysed). */
export type BoutResult = { analysis: BoutAnalysis; samples: WalkSamples | null };

/** Gait metrics and events of one walking bout (one "Step" of the joint data file, numbered from 1). */
export function analyseBout(bout: JointBout, number: number): BoutResult {
  const insufficient = (reason: string): BoutResult => ({
    analysis: { status: 'insufficient-data', bout: number, reason },
    samples: null,
  });
  const extracted = boutSignals(bout);
  if (!extracted.ok) return insufficient(extracted.reason);
  const { n, times, pelvis, left, right, sampleRate, start } = extracted.signals;
  const smooth = new Float64Array(3 * n);
  const prefix = new Float64Array(3 * n + 3);
  const direction = new Float64Array(3 * n);
  const work = new Float64Array(n + 2 * filterPadding(sampleRate, GAIT_CUTOFF_HZ));

  pathPrefixSums(pelvis, n, prefix);
  strideAveragedPath(prefix, n, Math.round(sampleRate / 2), smooth);
  const pelvisTravel = pathLength(smooth, times, n, 0, times[n - 1] ?? 0) / (times[n - 1] ?? 1);
  const movingFloor = floorMotion(pelvis, left, right, times, n, pelvisTravel, direction);
  // First pass on a still floor: displacement over one second is direction enough to find the feet's extrema.
  if (!movingFloor && !travelDirections(prefix, n, Math.round(sampleRate), direction)) {
    return insufficient('The pelvis did not move: there is no walking to analyse.');
  }
  const extrema = (joint: Float64Array) => {
    const signal = new Float64Array(n);
    footAlongProgression(joint, pelvis, direction, n, signal);
    lowPassZeroLag(signal, signal, n, sampleRate, GAIT_CUTOFF_HZ, work);
    return footPelvisExtrema(signal, times, n);
  };
  // Zeni et al. used the heel marker for heel strike and the toe marker for toe off; so do we, with their proxies.
  const leftStrikes = extrema(left.heel.position).maxima;
  const leftOffs = extrema(left.toe.position).minima;
  const rightStrikes = extrema(right.heel.position).maxima;
  const rightOffs = extrema(right.toe.position).minima;
  if (leftStrikes.times.length < 2 || rightStrikes.times.length < 2) {
    return insufficient(
      'Fewer than two heel strikes of each foot were found; a bout needs at least one full gait cycle per foot.',
    );
  }
  const stride = median([...intervals(leftStrikes.times), ...intervals(rightStrikes.times)]);

  // Second pass: averaging over exactly one stride cancels the pelvis's sway and surges.
  const strideFrames = Math.max(1, Math.round(stride * sampleRate));
  strideAveragedPath(prefix, n, Math.floor(strideFrames / 2), smooth);
  if (!movingFloor) travelDirections(prefix, n, strideFrames, direction);
  const leftContacts = refineContacts(left, times, n, sampleRate, stride, leftStrikes, leftOffs, work, movingFloor);
  const rightContacts = refineContacts(right, times, n, sampleRate, stride, rightStrikes, rightOffs, work, movingFloor);

  // Cycles with an event the data could not place exactly are left out, unless that would leave none.
  let exactOnly = true;
  let leftCycles = gaitCycles(leftContacts, rightContacts, stride, exactOnly);
  let rightCycles = gaitCycles(rightContacts, leftContacts, stride, exactOnly);
  if (leftCycles.length === 0 || rightCycles.length === 0) {
    exactOnly = false;
    leftCycles = gaitCycles(leftContacts, rightContacts, stride, exactOnly);
    rightCycles = gaitCycles(rightContacts, leftContacts, stride, exactOnly);
  }
  if (leftCycles.length === 0 || rightCycles.length === 0) {
    return insufficient(
      'No complete gait cycle was found for each foot (heel strike, toe off and the next heel strike, with the other foot alternating).',
    );
  }
  const firstStrike = Math.min(leftContacts.heelStrikes[0] ?? Infinity, rightContacts.heelStrikes[0] ?? Infinity);
  const lastStrike = Math.max(
    leftContacts.heelStrikes.at(-1) ?? -Infinity,
    rightContacts.heelStrikes.at(-1) ?? -Infinity,
  );
  const progressionAt = (t: number) => {
    const d = at(direction, times, n, t, firstFrameFrom(times, n, t) - 1);
    const length = Math.hypot(d.x, d.y, d.z) || 1;
    return { x: d.x / length, y: d.y / length, z: d.z / length };
  };
  const leftSteps = stepLengths(leftContacts, rightContacts, firstStrike, stride, progressionAt);
  const rightSteps = stepLengths(rightContacts, leftContacts, firstStrike, stride, progressionAt);
  if (leftSteps.lengths.length === 0 || rightSteps.lengths.length === 0) {
    return insufficient(
      'Step length could not be measured: a foot was never seen standing still on both sides of a step.',
    );
  }
  const duration = lastStrike - firstStrike;
  const beltSpeed = movingFloor
    ? speedFromStances([leftContacts, rightContacts], smooth, times, n, progressionAt)
    : undefined;
  if (movingFloor && beltSpeed === undefined)
    return insufficient('The floor moved under the walker, and no stance was long enough to measure the speed.');
  const samples: WalkSamples = {
    distance: beltSpeed === undefined ? pathLength(smooth, times, n, firstStrike, lastStrike) : beltSpeed * duration,
    duration,
    left: { steps: leftSteps.steps, cycles: leftCycles, stepLengths: leftSteps.lengths },
    right: { steps: rightSteps.steps, cycles: rightCycles, stepLengths: rightSteps.lengths },
  };
  const metrics = summariseWalk([samples]);
  const events = { left: recordingTimes(leftContacts, start), right: recordingTimes(rightContacts, start) };
  const notes = warnings(metrics, movingFloor);
  if (!exactOnly) {
    notes.push(
      'Some gait events could only be estimated from foot–pelvis extrema (Zeni et al. 2008), a frame or so off: phase percentages are less precise.',
    );
  }
  return { analysis: { status: 'ok', bout: number, metrics, events, warnings: notes }, samples };
}

function intervals(times: number[]): number[] {
  return times.slice(1).map((t, i) => t - (times[i] ?? 0));
}

function recordingTimes(contacts: FootContacts, start: number): FootEvents {
  const shift = (times: number[]): Seconds[] => times.map((t) => seconds(t + start));
  return { heelStrikes: shift(contacts.heelStrikes), toeOffs: shift(contacts.toeOffs) };
}

function warnings(metrics: GaitMetrics, movingFloor: boolean): string[] {
  const strideSpeed = (metrics.left.stepLength + metrics.right.stepLength) / metrics.strideTime;
  const found: string[] = [];
  if (movingFloor) {
    found.push(
      'The pelvis hardly moved while the feet stepped (a treadmill, or a sensor turning to follow the walker): speed and distance come from the feet moving relative to the pelvis.',
    );
  }
  if (Math.abs(strideSpeed - metrics.speed) > SPEED_DISAGREEMENT * Math.max(strideSpeed, metrics.speed)) {
    found.push(
      `Speed from the pelvis path (${metrics.speed.toFixed(2)} m/s) and from step length over stride time (${strideSpeed.toFixed(2)} m/s) disagree: the path may curve sharply or the sensor may have moved.`,
    );
  }
  return found;
}
