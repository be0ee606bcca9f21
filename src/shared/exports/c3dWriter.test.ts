import { describe, expect, it } from 'vitest';
import { c3dFixture } from '../../../tests/fixtures/c3d/referenceTrials.ts';
import { person001Walk } from '../../../tests/fixtures/formats/walks.ts';
import { readC3d } from '../c3d/readC3d.ts';
import type { C3dFile } from '../c3d/c3dTypes.ts';
import { computeGaitMetrics } from '../gait/gaitMetrics.ts';
import type { GaitEvents } from '../gait/gaitResult.ts';
import type { JointRecording } from '../gait/jointDataFile.ts';
import { JOINT_NAMES } from '../gait/joints.ts';
import { importC3d } from '../formats/c3dImport.ts';
import { writeC3d } from './c3dWriter.ts';

const walk = person001Walk();
const analysis = computeGaitMetrics(walk);
const events = analysis.bouts.flatMap((b) => (b.status === 'ok' ? [b.events] : []));

function written(recording: JointRecording, boutEvents: readonly GaitEvents[] = events): C3dFile {
  const result = writeC3d({ recording, events: boutEvents, software: 'Gait Portal test' });
  if (!result.ok) throw new Error(result.error);
  const read = readC3d(result.bytes);
  if (!read.ok) throw new Error(read.error);
  return read.file;
}

describe('C3D export', () => {
  it('reads back through our C3D reader: Intel, float, the 20 joints in millimetres at the recording rate', () => {
    const file = written(walk);
    expect(file.processor).toBe('intel');
    expect(file.storage).toBe('float');
    expect(file.points.labels).toEqual(JOINT_NAMES);
    expect(file.points.units).toBe('mm');
    expect(file.points.rate).toBe(30);
    expect(file.points.frameCount).toBe(240);
    const bout = walk.bouts[0];
    let worst = 0;
    for (let i = 0; i < (bout?.positions.length ?? 0); i++) {
      worst = Math.max(worst, Math.abs((file.points.positions[i] ?? 0) / 1000 - (bout?.positions[i] ?? 0)));
    }
    expect(worst).toBeLessThan(1e-6);
  });

  it("writes the engine's events in the EVENT group as Vicon does, at the right frames", () => {
    const file = written(walk);
    const expected = events.flatMap((e) => [
      ...e.left.heelStrikes.map((time) => ({ label: 'Foot Strike', context: 'Left', time })),
      ...e.left.toeOffs.map((time) => ({ label: 'Foot Off', context: 'Left', time })),
      ...e.right.heelStrikes.map((time) => ({ label: 'Foot Strike', context: 'Right', time })),
      ...e.right.toeOffs.map((time) => ({ label: 'Foot Off', context: 'Right', time })),
    ]);
    expect(expected.length).toBeGreaterThan(10);
    expect(file.events).toHaveLength(expected.length);
    for (const event of file.events) {
      const match = expected.find(
        (e) => e.label === event.label && e.context === event.context && Math.abs(e.time - event.time) < 1e-5,
      );
      expect(match).toBeDefined();
      expect(event.frame).toBe(Math.round(event.time * 30));
    }
  });

  it('has the structure of the Vicon sample trial: parameter block 2, the same parameter types and dimensions', () => {
    const ours = written(walk);
    const read = readC3d(c3dFixture('./PiG_Motion3_FF.c3d'));
    if (!read.ok) throw new Error(read.error);
    const vicon = read.file;
    expect(ours.header.parameterBlock).toBe(vicon.header.parameterBlock);
    expect(ours.header.scale).toBeLessThan(0);
    expect(ours.header.dataBlock).toBe(ours.parameters.get('POINT', 'DATA_START')?.numbers[0]);
    for (const [group, name] of [
      ['POINT', 'USED'],
      ['POINT', 'FRAMES'],
      ['POINT', 'DATA_START'],
      ['POINT', 'SCALE'],
      ['POINT', 'RATE'],
      ['POINT', 'LABELS'],
      ['POINT', 'UNITS'],
      ['ANALOG', 'USED'],
      ['TRIAL', 'ACTUAL_START_FIELD'],
      ['TRIAL', 'ACTUAL_END_FIELD'],
      ['EVENT', 'USED'],
      ['EVENT', 'CONTEXTS'],
      ['EVENT', 'LABELS'],
      ['EVENT', 'TIMES'],
    ] as const) {
      const [a, b] = [ours.parameters.get(group, name), vicon.parameters.get(group, name)];
      expect(a?.type, `${group}:${name}`).toBe(b?.type);
      expect(a?.dimensions.length, `${group}:${name}`).toBe(b?.dimensions.length);
    }
    expect(ours.parameters.get('EVENT', 'TIMES')?.dimensions[0]).toBe(2);
  });

  it('puts dropped frames and the gap between bouts on the grid as frames without points', () => {
    const bout = walk.bouts[0];
    if (!bout) throw new Error('no bout');
    const keep = (f: number) => f !== 5;
    const first = {
      times: bout.times.slice(0, 100).filter((_, f) => keep(f)),
      positions: bout.positions.slice(0, 100 * 60).filter((_, i) => keep(Math.floor(i / 60))),
    };
    const second = { times: bout.times.slice(150).map((t) => t + 1), positions: bout.positions.slice(150 * 60) };
    const file = written({ bouts: [first, second] }, []);
    expect(file.points.frameCount).toBe(Math.round(((bout.times.at(-1) ?? 0) + 1) * 30) + 1);
    expect(file.points.residuals[5 * 20]).toBe(-1);
    expect(Number.isNaN(file.points.positions[5 * 60])).toBe(true);
    expect(file.points.residuals[6 * 20]).toBe(0);
    expect(file.points.residuals[120 * 20]).toBe(-1);
    expect(file.events).toEqual([]);
  });

  it('keeps untracked joints as gaps', () => {
    const bout = walk.bouts[0];
    if (!bout) throw new Error('no bout');
    const positions = bout.positions.slice();
    positions.fill(0, 10 * 60 + 7 * 3, 10 * 60 + 8 * 3);
    const file = written({ bouts: [{ times: bout.times, positions }] });
    expect(file.points.residuals[10 * 20 + 7]).toBe(-1);
    expect(file.points.residuals[10 * 20 + 6]).toBe(0);
  });

  it("starts capture at the recording's time 0 when the first frame comes later", () => {
    const bout = walk.bouts[0];
    if (!bout) throw new Error('no bout');
    const file = written({ bouts: [{ times: bout.times.map((t) => t + 2), positions: bout.positions }] }, []);
    expect(file.points.firstFrame).toBe(61);
    expect(file.header.firstFrame).toBe(61);
  });

  it('comes back through our own import as the same joints, hence the same gait events', () => {
    const result = writeC3d({ recording: walk, events, software: 'Gait Portal test' });
    if (!result.ok) throw new Error(result.error);
    const back = importC3d(result.bytes);
    if (!back.ok) throw new Error(back.error);
    const [original, reread] = [walk.bouts[0], back.imported.recording.bouts[0]];
    expect(reread?.positions.length).toBe(original?.positions.length);
    let worst = 0;
    original?.positions.forEach((v, i) => (worst = Math.max(worst, Math.abs(v - (reread?.positions[i] ?? 0)))));
    expect(worst).toBeLessThan(1e-6);
    reread?.times.forEach((t, i) => expect(t).toBeCloseTo(original?.times[i] ?? 0, 3));
    const again = computeGaitMetrics(back.imported.recording).bouts.flatMap((b) =>
      b.status === 'ok' ? [b.events] : [],
    );
    expect(again.map((e) => e.left.heelStrikes.length)).toEqual(events.map((e) => e.left.heelStrikes.length));
    again.forEach((bout, b) =>
      bout.right.toeOffs.forEach((t, i) => expect(t).toBeCloseTo(events[b]?.right.toeOffs[i] ?? 0, 3)),
    );
  });

  it('says it has no analog data the way py-c3d and ezc3d check it: rates of 0 in the header and ANALOG', () => {
    const file = written(walk);
    expect(file.header.analogSamplesPerFrame).toBe(0);
    expect(file.parameters.get('ANALOG', 'USED')?.numbers).toEqual([0]);
    expect(file.parameters.get('ANALOG', 'RATE')?.numbers).toEqual([0]);
    expect(file.header.frameRate).toBe(file.parameters.get('POINT', 'RATE')?.numbers[0]);
  });

  it('refuses a recording without frames', () => {
    expect(writeC3d({ recording: { bouts: [] }, events: [], software: 'x' })).toEqual({
      ok: false,
      error: 'The recording has no frames to export.',
    });
  });
});
