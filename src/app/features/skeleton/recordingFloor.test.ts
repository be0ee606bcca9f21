import { describe, expect, it } from 'vitest';
import { serializeJointData } from '#shared/gait/jointDataFile';
import { JOINT_INDEX } from '#shared/gait/joints';
import { encodeUtf8 } from '#shared/utf8';
import { formatFixture } from '../../../../tests/fixtures/formats/walks.ts';
import { kinectWalk } from '../../../../tests/fixtures/kinect/kinectWalks.ts';
import { writePose } from './framePose.ts';
import { prepareRecording } from './skeletonRecording.ts';

/** Per drawn frame, in scene units (the grid at y 0): the lowest joint of the drawn skeleton, and the head. */
async function drawnLevels(file: Uint8Array): Promise<{ lowest: number[]; head: number[] }> {
  const prepared = await prepareRecording(file, null, { events: false });
  if (!prepared.ok) throw new Error(prepared.error);
  const { walks, shape } = prepared.recording;
  const lowest: number[] = [];
  const head: number[] = [];
  const pose = new Float32Array(shape.jointCount * 3);
  const engine = new Float32Array(60);
  for (const walk of walks) {
    for (const t of walk.figure.times) {
      writePose(walk.figure.times, walk.figure.positions, t, pose, pose.length, walk.scene);
      let low = Infinity;
      for (let j = 0; j < shape.jointCount; j++) if (shape.shown[j] === 1) low = Math.min(low, pose[j * 3 + 1] ?? 0);
      lowest.push(low);
      writePose(walk.times, walk.positions, t, engine, 60, walk.scene);
      head.push(engine[JOINT_INDEX.Head * 3 + 1] ?? 0);
    }
  }
  return { lowest, head };
}

const share = (values: number[], test: (v: number) => boolean) => values.filter(test).length / values.length;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * p)] ?? NaN;

describe('the floor the figure stands on', () => {
  it('lies under the feet of a real Kinect walk and near its lowest foot, the head 1.5 units above', async () => {
    for (const name of ['Person001_1.txt', 'Person004_1.txt'] as const) {
      const { lowest, head } = await drawnLevels(encodeUtf8(serializeJointData(kinectWalk(name))));
      // A foot sinks no more than 3 cm-ish (0.03 units) into the floor, but in the odd mistracked frame.
      expect(share(lowest, (y) => y >= -0.03)).toBeGreaterThan(0.97);
      // And stands on it when planted, not above it.
      expect(percentile(lowest, 0.05)).toBeLessThan(0.03);
      expect(Math.min(...head)).toBeGreaterThan(1.5);
    }
  });

  it('lies under the feet of an imported walk whose head the engine never sees (OpenCap) or does (Azure Kinect)', async () => {
    for (const name of ['opencap-walk.trc', 'azure-kinect-walk.json']) {
      const { lowest } = await drawnLevels(formatFixture(name));
      expect(share(lowest, (y) => y >= -0.05)).toBeGreaterThan(0.95);
      expect(percentile(lowest, 0.05)).toBeLessThan(0.05);
    }
  });
});
