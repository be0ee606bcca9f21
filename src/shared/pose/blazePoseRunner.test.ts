import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeFrames, nodeBlazePose } from '../../../tests/fixtures/video/nodePose.ts';
import { fromKeypointsJson } from './keypointsJson.ts';
import { LANDMARK_COUNT } from './poseKeypoints.ts';

const video = fileURLToPath(new URL('../../../tests/fixtures/video/demo.mp4', import.meta.url));
const fixture = fromKeypointsJson(
  JSON.parse(readFileSync(new URL('../../../tests/fixtures/video/demoKeypoints.json', import.meta.url), 'utf8')),
);
/** The fixture starts at frame 60 of the clip (tests/fixtures/video/README.md). */
const FIXTURE_FIRST_FRAME = 60;
const [FIRST, COUNT] = [100, 90];

describe('BlazePose on the clip itself (tfjs WASM backend)', () => {
  it('tracks the walker through 3 s of the clip where the stored keypoints have her', async () => {
    if (!fixture.ok) throw new Error(fixture.error);
    const stored = fixture.keypoints;
    const tracker = await nodeBlazePose();
    const frames = decodeFrames(video, FIRST, COUNT, stored.width);
    expect(frames).toHaveLength(COUNT);
    const started = performance.now();
    const errors: number[] = [];
    for (const [i, frame] of frames.entries()) {
      const points = await tracker.estimate(frame);
      expect(points, `frame ${FIRST + i}`).toBeDefined();
      // The run starts afresh from the detector 40 frames later than the stored one; once the region has settled
      // (a few frames) the landmarks should agree to within a few pixels, the far leg's less closely where legs cross.
      if (i < 5 || points === undefined) continue;
      const base = (FIRST - FIXTURE_FIRST_FRAME + i) * LANDMARK_COUNT * 3;
      for (const j of [23, 24, 27, 28, 29, 30, 31, 32]) {
        const dx = (points[j * 3] ?? 0) - (stored.values[base + j * 3] ?? 0);
        const dy = (points[j * 3 + 1] ?? 0) - (stored.values[base + j * 3 + 1] ?? 0);
        errors.push(Math.hypot(dx, dy));
      }
    }
    const fps = (COUNT * 1000) / (performance.now() - started);
    console.info(`BlazePose full, tfjs WASM, one thread: ${fps.toFixed(1)} frames/s against the clip's 30`);
    errors.sort((a, b) => a - b);
    const quantile = (q: number) => errors[Math.floor(q * (errors.length - 1))] ?? Number.NaN;
    console.info(
      `hips, ankles, heels and toes against the stored run: median ${quantile(0.5).toFixed(1)} px, 95th percentile ${quantile(0.95).toFixed(1)} px`,
    );
    expect(quantile(0.5)).toBeLessThan(3);
    expect(quantile(0.95)).toBeLessThan(5);
  });
});
