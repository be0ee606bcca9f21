import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromKeypointsJson } from './keypointsJson.ts';
import type { VideoKeypoints } from './poseKeypoints.ts';
import { videoGait, type VideoGait } from './videoGait.ts';
import { videoMetricsFile } from './videoMetricsFile.ts';
import { readMetricsFile } from '../gait/metricsFile.ts';
import { sliceKeypoints } from './walkFrames.ts';

/**
 * The Sports2D demo clip (tests/fixtures/video/README.md): BlazePose full's keypoints of a woman walking side-on,
 * against heel strikes and toe offs read off the frames by eye.
 */
const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../../tests/fixtures/video/${name}`, import.meta.url), 'utf8'));
type FootTruth = { HeelStrikes: number[]; ToeOffs: number[] };
const truth = fixture('demoEvents.json') as { FrameRate_Hz: number; Left: FootTruth; Right: FootTruth };

function demoKeypoints(): VideoKeypoints {
  const read = fromKeypointsJson(fixture('demoKeypoints.json'));
  if (!read.ok) throw new Error(read.error);
  return read.keypoints;
}

function analyse(keypoints: VideoKeypoints): VideoGait {
  const result = videoGait(keypoints, { kind: 'height', heightM: 1.68 });
  if (!result.ok) throw new Error(result.error);
  return result.gait;
}

/** Engine event times (seconds from the first analysed frame) as frame numbers of the clip. */
const toFrames = (times: number[], firstFrameMs: number) =>
  times.map((t) => ((t * 1000 + firstFrameMs) * truth.FrameRate_Hz) / 1000);

describe('gait from a side-view video (Sports2D demo clip)', () => {
  const keypoints = demoKeypoints();
  const gait = analyse(keypoints);
  const { analysis } = gait;
  if (analysis.status !== 'ok') throw new Error(analysis.reason);
  const bout = analysis.bouts[0];
  if (bout?.status !== 'ok') throw new Error('The bout was not analysed');
  const firstMs = keypoints.timesMs[0] ?? 0;

  for (const side of ['left', 'right'] as const) {
    const annotated = side === 'left' ? truth.Left : truth.Right;
    for (const [event, found, read] of [
      ['heel strike', bout.events[side].heelStrikes, annotated.HeelStrikes],
      ['toe off', bout.events[side].toeOffs, annotated.ToeOffs],
    ] as const) {
      it(`finds every ${side} ${event} within 2 frames of the frame read by eye`, () => {
        const frames = toFrames(found, firstMs);
        expect(frames.length).toBeGreaterThanOrEqual(2);
        for (const frame of frames) {
          const nearest = Math.min(...read.map((r) => Math.abs(r - frame)));
          expect(nearest, `${side} ${event} at frame ${frame.toFixed(1)}`).toBeLessThanOrEqual(2);
        }
      });
    }
  }

  it('measures the cadence within 3 % of the heel strikes read by eye', () => {
    const strikes = [...truth.Left.HeelStrikes, ...truth.Right.HeelStrikes].sort((a, b) => a - b);
    const steps = strikes.length - 1;
    const cadence = (60 * truth.FrameRate_Hz * steps) / ((strikes.at(-1) ?? 0) - (strikes[0] ?? 0));
    expect(Math.abs(analysis.session.cadence - cadence) / cadence).toBeLessThan(0.03);
  });

  it('reports a walking speed and step length in a plausible adult range from the height scale', () => {
    expect(analysis.session.speed).toBeGreaterThan(0.9);
    expect(analysis.session.speed).toBeLessThan(1.5);
    expect(analysis.session.stepLength).toBeGreaterThan(0.55);
    expect(analysis.session.stepLength).toBeLessThan(0.9);
  });

  it('leaves step width out, since a side view cannot see it', () => {
    expect(analysis.session.stepWidth).toBeNull();
    expect(analysis.session.left.stepWidth).toBeNull();
    expect(analysis.session.variability.stepWidthCv).toBeNull();
    expect(analysis.session.symmetry.stepWidth).toBeNull();
  });

  it('says where the figures come from', () => {
    expect(gait.provenance).toBe(
      'video, BlazePose full, side view, scale from height 1.68 m (lengths and speed ± 5 %), keypoints low-pass filtered: zero-lag 4th-order Butterworth (2nd order forward and backward), 6 Hz cut-off',
    );
  });

  it('writes a metrics file that says where its figures come from and why step width is null', () => {
    const read = readMetricsFile(JSON.stringify(videoMetricsFile(gait, new Date('2026-12-02T10:00:00Z'), 'walk.mp4')));
    if (!read.ok) throw new Error(read.error);
    expect(read.file).toMatchObject({
      SourceFile: 'walk.mp4',
      Provenance: gait.provenance,
      NotMeasured:
        'Step width and frontal-plane measures are not available: a side-view video does not see across the walk.',
      Session: { StepWidth_m: null, Left: { StepWidth_m: null }, Right: { StepWidth_m: null } },
    });
  });

  it('analyses only the frames where the walker is tracked without a break', () => {
    expect(gait.warnings).toContain('Frames 1–140 of 170 are analysed: the body is not tracked in the others.');
  });

  it('refuses a clip with less than two gait cycles, saying why', () => {
    const result = videoGait(sliceKeypoints(keypoints, 0, 40), { kind: 'height', heightM: 1.68 });
    expect(result).toEqual({
      ok: false,
      error:
        'The video holds 0 complete gait cycles; at least 2 are needed. The body is tracked without a break in 40 of 40 frames (1.3 s). Film the whole body side-on while the patient walks across the view for at least four steps.',
    });
  });

  it('scales by two floor marks as by height when the marks agree with it', () => {
    const byHeight = gait.scale.metresPerPixel;
    const marks = videoGait(keypoints, {
      kind: 'floorMarks',
      distanceM: 2,
      from: { x: 100, y: 450 },
      to: { x: 100 + 2 / byHeight, y: 450 },
    });
    if (!marks.ok) throw new Error(marks.error);
    const speed = marks.gait.analysis.status === 'ok' ? marks.gait.analysis.session.speed : 0;
    expect(speed).toBeCloseTo(analysis.session.speed, 6);
    expect(marks.gait.provenance).toContain('scale from floor marks 2.00 m apart');
  });
});
