import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { onGround } from '../../../tests/fixtures/gait/slopedWalk.ts';
import { kinectWalk, KINECT_WALKS } from '../../../tests/fixtures/kinect/kinectWalks.ts';
import { importRecording } from '../formats/importRecording.ts';
import { computeGaitMetrics } from './gaitMetrics.ts';
import type { BoutAnalysis } from './gaitResult.ts';
import type { JointRecording } from './jointDataFile.ts';
import { KINECT_NOISE, syntheticWalk, type WalkDirection } from './syntheticWalk.ts';

/** A flight of five 17 cm stairs with 30 cm treads, 1.2 m into the walk; each riser taken over 4.5 cm of tread. */
function stairsDown(distance: number): number {
  const treads = Math.max(0, Math.min(5, (distance - 1.2) / 0.3));
  const done = Math.floor(treads);
  const edge = Math.min(1, (treads - done) / 0.15);
  return -0.17 * (done + (done < 5 ? edge * edge * (3 - 2 * edge) : 0));
}

function onlyBout(recording: JointRecording): Extract<BoutAnalysis, { status: 'ok' }> {
  const analysis = computeGaitMetrics(recording);
  const bout = analysis.bouts[0];
  if (bout?.status !== 'ok') throw new Error(bout?.reason ?? 'no bout');
  return bout;
}

const notLevel = (bout: Extract<BoutAnalysis, { status: 'ok' }>) => bout.warnings.find((w) => w.includes('not level'));

describe('walks that are not level', () => {
  const walks: [WalkDirection, [number, number], number][] = [
    ['away', [0, 1], 1.5],
    ['toward', [0, -1], -6.3],
    ['across', [1, 0], -2.4],
  ];
  for (const [direction, along, start] of walks) {
    const { recording, truth } = syntheticWalk({
      seed: 33,
      speed: 1.2,
      cadence: 105,
      stancePercent: 60,
      direction,
      durationS: 4,
      noise: KINECT_NOISE,
    });
    const level = onlyBout(recording);

    it(`measures a walk ${direction} up and down a 10% slope and down stairs horizontally`, () => {
      const grounds: [string, (a: number) => number][] = [
        ['up a 10% slope', (a) => 0.1 * a],
        ['down a 10% slope', (a) => -0.1 * a],
        ['down five stairs', (a) => stairsDown(a - start)],
      ];
      expect(notLevel(level)).toBeUndefined();
      for (const [ground, height] of grounds) {
        const bout = onlyBout(onGround(recording, along, height));
        const m = bout.metrics;
        // The same footfalls on a plan as on the level: the same horizontal measures, and the walker's true speed.
        // Stairs move a few events by a frame, which may end a run of regular steps a step sooner: the distance
        // walked then changes with the duration, not the speed.
        const same = (value: number | null, onLevel: number | null) => Math.abs((value ?? 0) / (onLevel ?? 1) - 1);
        expect(same(m.speed, truth.speed), `${ground}: speed`).toBeLessThan(0.01);
        expect(same(m.speed, level.metrics.speed), `${ground}: speed`).toBeLessThan(0.001);
        expect(same(m.distance / m.duration, level.metrics.speed), `${ground}: distance`).toBeLessThan(0.001);
        expect(same(m.stepLength, level.metrics.stepLength), `${ground}: step`).toBeLessThan(0.001);
        expect(same(m.strideLength, level.metrics.strideLength), `${ground}: stride`).toBeLessThan(0.001);
        expect(notLevel(bout), ground).toMatch(/^The walk was not level: the pelvis (rose|fell) \d+\.\d cm per metre/);
      }
    });
  }

  it('says by how much the pelvis rose or fell per metre walked', () => {
    const { recording } = syntheticWalk({
      seed: 5,
      speed: 1,
      cadence: 100,
      stancePercent: 61,
      direction: 'away',
      durationS: 4,
    });
    expect(notLevel(onlyBout(onGround(recording, [0, 1], (a) => 0.1 * a)))).toMatch(
      /the pelvis rose (9\.\d|10\.\d) cm per metre/,
    );
    expect(notLevel(onlyBout(onGround(recording, [0, 1], (a) => -0.05 * a)))).toMatch(/the pelvis fell [45]\.\d cm/);
    expect(notLevel(onlyBout(onGround(recording, [0, 1], (a) => 0.02 * a)))).toBeUndefined();
  });
});

describe('level walks stay unwarned', () => {
  const fixture = (path: string) =>
    new Uint8Array(readFileSync(new URL(`../../../tests/fixtures/${path}`, import.meta.url)));
  const files = [
    'c3d/PiG_Motion3_FF.c3d',
    'c3d/PiG_Motion3_noFF.c3d',
    'c3d/PiG_Motion3_FF_N18.c3d',
    'c3d/forceplates/FunctionalWalk.c3d',
    'c3d/forceplates/Gait.c3d',
    'c3d/forceplates/Gait.trc',
    'formats/kinect-v2-walk.csv',
    'formats/azure-kinect-walk.json',
    'formats/mediapipe-walk.json',
    'formats/opencap-walk.trc',
    'sessions/walk-joint-data.json',
  ];
  it.each(files)('%s: a lab walkway, a treadmill or a video of either', (path) => {
    const read = importRecording(fixture(path));
    if (!read.ok) throw new Error(read.error);
    expect(notLevel(onlyBout(read.imported.recording))).toBeUndefined();
  });
  it.each(KINECT_WALKS)('%s: a Kinect v1 walk filmed from a turntable', (name) => {
    const analysis = computeGaitMetrics(kinectWalk(name));
    for (const bout of analysis.bouts) if (bout.status === 'ok') expect(notLevel(bout)).toBeUndefined();
  });
});
