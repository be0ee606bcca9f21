import { boutSignals } from './boutSignals.ts';
import { measureSteps, type FloorTravel } from './cycleMetrics.ts';
import { floorMotion } from './floorMotion.ts';
import { speedFromStances } from './floorSpeed.ts';
import { sideSamples } from './sideSamples.ts';
import { stridePeriod } from './stridePeriod.ts';
import { eventLags, type ContactCues, type EventLags } from './eventLags.ts';
import { contactCues, footVelocityEvents, type FootVelocityInput } from './footVelocityEvents.ts';
import { footVerticalVelocities } from './footVerticalVelocity.ts';
import { firstFrameFrom } from './frameSearch.ts';
import type { BoutAnalysis, FootEvents, GaitOptions, Side } from './gaitResult.ts';
import type { WalkSamples } from './gaitSummary.ts';
import { seconds, type Seconds } from './gaitUnits.ts';
import type { JointBout } from './jointDataFile.ts';
import { withPlateEvents, type PlateEvent, type UsedPlateEvent } from './plateEvents.ts';
import { sagittalAngles } from './jointAngles.ts';
import { median } from './orderStatistics.ts';
import {
  at,
  footAlongProgression,
  pathLength,
  pathPrefixSums,
  strideAveragedPath,
  travelDirections,
  typicalSpeed,
  verticals,
} from './progression.ts';
import { footContacts, type FootContacts } from './stanceFootprints.ts';
import { checkWalk, plausibleSteps } from './walkChecks.ts';
import { climbRate } from './walkGrade.ts';
import { walkSequence } from './walkSequence.ts';
import { footPelvisExtrema, swingExtrema } from './zeniEvents.ts';
import { filterPadding, GAIT_CUTOFF_HZ, lowPassZeroLagPair } from './zeroLagFilter.ts';
import { float64sToOverwrite } from './gaitWorkspace.ts';

/** A swing (about 0.4 of a stride) leads to every heel's reach ahead and from every toe's reach back within this. */
const SWING_REACH = 0.6;

/**
 * A bout's answer, what it contributes to the session's summary (null if it could not be analysed), and the force
 * plate events it used in place of kinematic ones.
 */
export type BoutResult = { analysis: BoutAnalysis; samples: WalkSamples | null; plateEvents?: UsedPlateEvent[] };

/**
 * Gait metrics and events of one walking bout (one "Step" of the joint data file, numbered from 1). Force plate
 * events (recording seconds) within the bout take the place of the kinematic events they match (plateEvents.ts).
 */
export function analyseBout(
  bout: JointBout,
  number: number,
  options: GaitOptions = {},
  plateEvents?: readonly PlateEvent[],
): BoutResult {
  const insufficient = (reason: string): BoutResult => ({
    analysis: { status: 'insufficient-data', bout: number, reason },
    samples: null,
  });
  const extracted = boutSignals(bout);
  if (!extracted.ok) return insufficient(extracted.reason);
  const signals = extracted.signals;
  const { n, times, pelvis, left, right, sampleRate, start } = signals;
  // Each written in full before it is read (by strideAveragedPath, pathPrefixSums, floorMotion or travelDirections).
  const smooth = float64sToOverwrite(3 * n);
  const prefix = float64sToOverwrite(3 * n + 3);
  const direction = float64sToOverwrite(3 * n);
  // Room for two signals filtered together (lowPassZeroLagPair), which writes what it reads.
  const work = float64sToOverwrite(2 * (n + 2 * filterPadding(sampleRate, GAIT_CUTOFF_HZ)));

  pathPrefixSums(pelvis, n, prefix);
  strideAveragedPath(prefix, n, Math.round(sampleRate / 2), smooth);
  const pelvisTravel = typicalSpeed(smooth, n, sampleRate);
  const movingFloor = floorMotion(pelvis, left, right, n, sampleRate, pelvisTravel, direction);
  // First pass on a still floor: displacement over one second is direction enough to find the feet's extrema.
  if (!movingFloor && !travelDirections(prefix, n, Math.round(sampleRate), direction)) {
    return insufficient('The pelvis did not move: there is no walking to analyse.');
  }
  /** Two joints' positions ahead of the pelvis, low-passed together (into the given buffers, or new ones). */
  const ahead = (a: Float64Array, b: Float64Array, intoA = float64sToOverwrite(n), intoB = float64sToOverwrite(n)) => {
    footAlongProgression(a, pelvis, direction, n, intoA);
    footAlongProgression(b, pelvis, direction, n, intoB);
    lowPassZeroLagPair(intoA, intoB, n, sampleRate, GAIT_CUTOFF_HZ, work);
    return [intoA, intoB] as const;
  };
  // First pass: the heels' reaches ahead give the steps, and the stride to measure everything else by.
  const heelsAhead = ahead(left.heel.position, right.heel.position);
  const reaches = heelsAhead.flatMap((heel) => intervals(footPelvisExtrema(heel, n).maxima.indices));
  if (reaches.length === 0) {
    return insufficient(
      'Fewer than two steps of each foot were found; a bout needs at least one full gait cycle per foot.',
    );
  }
  // The feet's autocorrelation rather than the extrema's intervals, which half-stride intervals from a stretch of
  // swapped or lost feet can outvote (stridePeriod.ts).
  const strideFrames = stridePeriod(heelsAhead[0], heelsAhead[1], n, sampleRate) ?? median(reaches);
  const stride = strideFrames / sampleRate;

  // Second pass: averaging over exactly one stride cancels the pelvis's sway and surges.
  const strideWindow = Math.max(1, Math.round(strideFrames));
  strideAveragedPath(prefix, n, Math.floor(strideWindow / 2), smooth);
  if (!movingFloor) travelDirections(prefix, n, strideWindow, direction);
  const up = verticals(direction, n);
  const inputs = [left, right].map((foot, i): FootVelocityInput => {
    // The first pass's buffers, now free, take the second pass's heels.
    const [heelAhead, toeAhead] = ahead(foot.heel.position, foot.toe.position, heelsAhead[i]);
    return {
      foot,
      up,
      n,
      sampleRate,
      strideFrames,
      heelMaxima: swingExtrema(heelAhead, n, footPelvisExtrema(heelAhead, n).maxima, 1, SWING_REACH * strideFrames),
      toeMinima: swingExtrema(toeAhead, n, footPelvisExtrema(toeAhead, n).minima, -1, SWING_REACH * strideFrames),
      heelAhead,
      toeAhead,
      scratch: work,
    };
  });
  const velocities = footVerticalVelocities(inputs[0] as FootVelocityInput, inputs[1] as FootVelocityInput);
  const cues = inputs.map((input, i) => contactCues(input, velocities[i] as Float64Array)) as [
    ContactCues,
    ContactCues,
  ];
  const lags = eventLags(cues, strideFrames);
  const kinematic = inputs.map((input, i) => {
    const found = footVelocityEvents(input, cues[i] as ContactCues, lags[i] as EventLags);
    return footContacts(input.foot, times, n, strideFrames, found, movingFloor);
  }) as [FootContacts, FootContacts];
  const plates =
    plateEvents === undefined
      ? undefined
      : withPlateEvents({ left: kinematic[0], right: kinematic[1] }, plateEvents, start, stride);
  const leftContacts = plates?.contacts.left ?? kinematic[0];
  const rightContacts = plates?.contacts.right ?? kinematic[1];
  const unitAt = (series: Float64Array) => (t: number) => {
    const d = at(series, times, n, t, firstFrameFrom(times, n, t) - 1);
    const length = Math.hypot(d.x, d.y, d.z) || 1;
    return { x: d.x / length, y: d.y / length, z: d.z / length };
  };
  const progressionAt = unitAt(direction);
  const sequence = walkSequence(leftContacts, rightContacts, stride, progressionAt);
  // A short pass with one stride of one foot (three heel strikes) still gives its steps, cadence and speed.
  if (sequence.cycles.left.count === 0 && sequence.cycles.right.count === 0) {
    return insufficient(
      'No complete gait cycle was found (heel strike, toe off and the next heel strike of a foot, with the other foot alternating).',
    );
  }
  const { duration, runs } = sequence;
  const inRuns = (contacts: FootContacts, side: Side) => {
    const strikes = new Set(sequence.events[side].heelStrikes);
    return contacts.stances.filter((s) => s.heelStrike !== null && strikes.has(s.heelStrike));
  };
  const beltSpeed = movingFloor
    ? speedFromStances(
        [...inRuns(leftContacts, 'left'), ...inRuns(rightContacts, 'right')],
        smooth,
        times,
        n,
        progressionAt,
      )
    : undefined;
  if (movingFloor && beltSpeed === undefined)
    return insufficient('The floor moved under the walker, and no stance was long enough to measure the speed.');
  const travel: FloorTravel = (from, to) => {
    if (beltSpeed === undefined) return { x: 0, y: 0, z: 0 };
    // The pelvis's stride-averaged travel in camera space, less the walker's own along the direction of progression.
    const a = at(smooth, times, n, from, firstFrameFrom(times, n, from) - 1);
    const b = at(smooth, times, n, to, firstFrameFrom(times, n, to) - 1);
    const d = progressionAt((from + to) / 2);
    const walked = beltSpeed * (to - from);
    return { x: b.x - a.x - walked * d.x, y: b.y - a.y - walked * d.y, z: b.z - a.z - walked * d.z };
  };
  const measured = (side: Side) => plausibleSteps(measureSteps(sequence.steps, side, stride, progressionAt, travel));
  const [leftSteps, rightSteps] = [measured('left'), measured('right')];
  const travelled = () => runs.reduce((sum, run) => sum + pathLength(smooth, times, n, run.start, run.end), 0);
  const angles = options.jointAngles === false ? undefined : sagittalAngles(bout, signals, direction, up, work);
  const samples: WalkSamples = {
    distance: beltSpeed === undefined ? travelled() : beltSpeed * duration,
    duration,
    left: sideSamples(sequence.cycles.left, leftSteps.steps, rightSteps.steps, angles?.left, signals),
    right: sideSamples(sequence.cycles.right, rightSteps.steps, leftSteps.steps, angles?.right, signals),
  };
  const climb = climbRate(smooth, times, n, runs);
  const checked = checkWalk(samples, movingFloor, options.heightM, leftSteps.dropped + rightSteps.dropped, climb);
  if (!checked.ok) return insufficient(checked.reason);
  const events = {
    left: recordingTimes(sequence.events.left, start),
    right: recordingTimes(sequence.events.right, start),
  };
  return {
    analysis: { status: 'ok', bout: number, metrics: checked.metrics, events, warnings: checked.warnings },
    samples: checked.samples,
    ...(plates === undefined ? {} : { plateEvents: plates.used }),
  };
}

function intervals(values: number[]): number[] {
  return values.slice(1).map((v, i) => v - (values[i] ?? 0));
}

function recordingTimes(events: { heelStrikes: number[]; toeOffs: number[] }, start: number): FootEvents {
  const shift = (times: number[]): Seconds[] => times.map((t) => seconds(t + start));
  return { heelStrikes: shift(events.heelStrikes), toeOffs: shift(events.toeOffs) };
}
