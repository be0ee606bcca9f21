import { describe, expect, it } from 'vitest';
import { COORDINATES_PER_FRAME } from '#shared/gait/joints';
import { cameraHomeFor, FIELD_OF_VIEW } from './cameraHome.ts';
import { HIP } from './sceneShared.ts';

function firstFrameWithHipAt(x: number, z: number): Float32Array {
  const positions = new Float32Array(COORDINATES_PER_FRAME * 2);
  positions[HIP] = x;
  positions[HIP + 1] = 1;
  positions[HIP + 2] = z;
  return positions;
}

describe('cameraHomeFor', () => {
  it('aims at the pelvis of the first frame, wherever the walk starts', () => {
    const home = cameraHomeFor(firstFrameWithHipAt(4.2, -11));
    expect(home.target).toEqual([4.2, 1, -11].map((v) => Math.fround(v)));
  });

  it('stands where the 2-unit body fills 60% of the view height', () => {
    const home = cameraHomeFor(firstFrameWithHipAt(0, 0));
    const distance = Math.hypot(...home.position.map((v, i) => v - (home.target[i] ?? 0)));
    const share = 2 / (2 * distance * Math.tan((FIELD_OF_VIEW * Math.PI) / 360));
    expect(share).toBeCloseTo(0.6, 6);
    // Above the floor and in front of the walker.
    expect(home.position[1]).toBeGreaterThan(1);
  });

  it('falls back to the origin when the first frame is untracked', () => {
    expect(cameraHomeFor(firstFrameWithHipAt(Number.NaN, Number.NaN)).target).toEqual([0, 1, 0]);
  });
});
