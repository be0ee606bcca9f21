import { describe, expect, it } from 'vitest';
import { pointTrack } from '../c3d/pointTrack.ts';
import { readC3d } from '../c3d/readC3d.ts';
import {
  REFERENCE_TRIALS,
  asSensor,
  c3dFixture,
  loadReferenceTrial,
  type ReferenceTrial,
} from '../../../tests/fixtures/c3d/referenceTrials.ts';
import { analyse, eventErrors, meanAbsolute, PHASES } from '../../../tests/fixtures/c3d/referenceAnalysis.ts';
import { c3dToJointData } from './c3dJointData.ts';
import { computeGaitMetrics } from './gaitMetrics.ts';
import type { Side } from './gaitResult.ts';

/**
 * The outside reference: Vicon Plug-in Gait trials of a real adult walk, with Vicon's own gait events. The engine
 * sees the joints a Kinect would (ankle and foot joints, hip centre) and must place heel strikes and toe offs where
 * Vicon did, lose no cycle, and give the phases, cadence and step length Vicon's events give. Then the same walks
 * down-sampled to 30 Hz with 3 mm jitter, as a Kinect sees them. With joints lost: gaitMetrics.lostJoints.reference.test.ts.
 */
describe.each(REFERENCE_TRIALS)('the Vicon reference trial %s', (name) => {
  const trial = loadReferenceTrial(name);
  const { metrics, events } = analyse(trial.recording);

  it("places heel strikes and toe offs within 20 ms of Vicon's, on average", () => {
    const errors = eventErrors(trial, events);
    expect(errors.heelStrikes.length).toBe(6);
    for (const list of [errors.heelStrikes, errors.toeOffs]) {
      // Every event found: none further than a tenth of a second (a missed one would be a stride away).
      for (const e of list) expect(Math.abs(e)).toBeLessThan(0.1);
      expect(meanAbsolute(list)).toBeLessThan(0.02);
    }
  });

  it('loses no gait cycle', () => {
    expect(metrics.left.cycleCount + metrics.right.cycleCount).toBe(trial.reference.cycles);
  });

  it("gives stance, swing, double and single support within 3 points of Vicon's events", () => {
    for (const phase of PHASES) expect(Math.abs(metrics[phase] - trial.reference[phase]), phase).toBeLessThan(3);
  });

  it('gives cadence within 1 step/min and step length within 2 cm', () => {
    expect(Math.abs(metrics.cadence - trial.reference.cadence)).toBeLessThan(1);
    expect(Math.abs(metrics.stepLength - trial.reference.stepLength)).toBeLessThan(0.02);
    // Speed agrees with step length × cadence, so the result carries no warning.
    expect(Math.abs((metrics.stepLength * metrics.cadence) / 60 - metrics.speed) / metrics.speed).toBeLessThan(0.05);
  });

  it('traces knee and hip flexion over the cycle as Plug-in Gait does, within 3° RMS and 2° of range', () => {
    const file = trial.file;
    for (const side of ['left', 'right'] as Side[]) {
      for (const [joint, label] of [
        ['kneeFlexion', 'KneeAnglesV'],
        ['hipFlexion', 'HipAnglesV'],
      ] as const) {
        const vicon = viconCurve(file, `${side === 'left' ? 'L' : 'R'}${label}`, trial.events[side].footStrikes);
        const curve = metrics[side][joint];
        if (curve === null) throw new Error(`${side} ${joint} missing`);
        const rms = Math.sqrt(vicon.reduce((a, v, p) => a + (v - (curve.mean[p] ?? 0)) ** 2, 0) / vicon.length);
        expect(rms, `${side} ${joint}`).toBeLessThan(3);
        expect(Math.abs(curve.rangeOfMotion - (Math.max(...vicon) - Math.min(...vicon)))).toBeLessThan(2);
      }
    }
  });

  it('still finds the events from the markers alone, without the model joint centres', () => {
    const markers = loadReferenceTrial(name, { modelJointCentres: false });
    const errors = eventErrors(markers, analyse(markers.recording).events);
    expect(meanAbsolute(errors.heelStrikes)).toBeLessThan(0.02);
    expect(meanAbsolute(errors.toeOffs)).toBeLessThan(0.02);
  });

  it('as a Kinect sees it (30 Hz, 3 mm jitter): events within 35 ms and phases within 4 points', () => {
    for (let run = 0; run < 6; run++) {
      const sensed = asSensor(trial.recording, 30, 0.003, 1000 + run, run / 6);
      const seen = analyse(sensed);
      const errors = eventErrors(trial, seen.events);
      expect(meanAbsolute(errors.heelStrikes), `run ${run} heel strikes`).toBeLessThan(0.035);
      expect(meanAbsolute(errors.toeOffs), `run ${run} toe offs`).toBeLessThan(0.035);
      for (const phase of PHASES)
        expect(Math.abs(seen.metrics[phase] - trial.reference[phase]), `run ${run} ${phase}`).toBeLessThan(4);
    }
  });
});

/** Plug-in Gait's flexion (the angle point's x) averaged over Vicon's cycles at 0–100%. */
function viconCurve(file: ReferenceTrial['file'], label: string, strikes: number[]): number[] {
  const track = pointTrack(file.points, label);
  if (!track) throw new Error(`${label} missing`);
  const { rate, firstFrame } = file.points;
  const curves = strikes.slice(1).map((end, i) => {
    const start = strikes[i] ?? 0;
    return Array.from({ length: 101 }, (_, p) => {
      const x = (start + ((end - start) * p) / 100) * rate + 1 - firstFrame;
      const k = Math.floor(x);
      return (track[3 * k] ?? 0) * (1 - (x - k)) + (track[3 * (k + 1)] ?? 0) * (x - k);
    });
  });
  return Array.from({ length: 101 }, (_, p) => curves.reduce((a, c) => a + (c[p] ?? 0), 0) / curves.length);
}

describe('the static calibration trial', () => {
  it('says there is no walking to analyse', () => {
    const read = readC3d(c3dFixture('./PiG_Calibration3_FF.c3d'));
    if (!read.ok) throw new Error(read.error);
    const joints = c3dToJointData(read.file);
    if (!joints.ok) throw new Error(joints.error);
    const result = computeGaitMetrics(joints.recording);
    expect(result.status).toBe('insufficient-data');
    if (result.status === 'insufficient-data') expect(result.reason).toMatch(/did not move|no walking|steps/);
  });
});
