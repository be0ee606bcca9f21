import { it } from 'vitest';
import { kinectWalk } from '../../../tests/fixtures/kinect/kinectWalks.ts';
import { computeGaitMetrics } from './gaitMetrics.ts';
import { COORDINATES_PER_FRAME } from './joints.ts';
import type { JointBout } from './jointDataFile.ts';
function cut(bout: JointBout, from: number, to: number): JointBout {
  const frames = [...bout.times.keys()].filter((k) => (bout.times[k] ?? 0) >= from && (bout.times[k] ?? 0) <= to);
  const positions = new Float32Array(frames.length * COORDINATES_PER_FRAME);
  frames.forEach((k, i) => positions.set(bout.positions.subarray(k * 60, (k + 1) * 60), i * 60));
  return { times: Float64Array.from(frames, (k) => bout.times[k] ?? 0), positions };
}
it('probe', () => {
  const bout = kinectWalk('Person004_1.txt').bouts[0]!;
  for (const [a, b] of [[1.6, 8.0], [11.8, 17.8], [1.6, 6], [3, 8], [11.8, 16], [13, 17.8]]) {
    const r = computeGaitMetrics({ bouts: [cut(bout, a!, b!)] });
    if (r.status !== 'ok') { console.log(a, b, r.reason); continue; }
    const s = r.session; const e = r.bouts[0]!.status === 'ok' ? (r.bouts[0] as any).events : null;
    console.log(a, b, 'speed', s.speed.toFixed(3), 'cad', s.cadence.toFixed(1), 'step', s.stepLength.toFixed(3), s.left.stepLength?.toFixed(3), s.right.stepLength?.toFixed(3), 'sl*cad/60', (s.stepLength * s.cadence / 60).toFixed(3), 'dur', s.duration.toFixed(2), 'dist', s.distance.toFixed(2), 'cycles', s.left.cycleCount, s.right.cycleCount);
    console.log('  HS L', e?.left.heelStrikes.map((t: number) => t.toFixed(2)).join(' '), ' R', e?.right.heelStrikes.map((t: number) => t.toFixed(2)).join(' '));
  }
});
