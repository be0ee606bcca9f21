import { Matrix4, Quaternion, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { writeLimbMatrix } from './limbMatrices.ts';

/** three.js's own answer: scale, the shortest turn from y onto the bone, and the bone's middle. */
function expected(a: Vector3, b: Vector3, radius: number): Float32Array {
  const along = b.clone().sub(a);
  const turn = new Quaternion().setFromUnitVectors(new Vector3(0, 1, 0), along.clone().normalize());
  const middle = a.clone().add(b).multiplyScalar(0.5);
  return Float32Array.from(new Matrix4().compose(middle, turn, new Vector3(radius, along.length(), radius)).elements);
}

describe('a limb drawn as a cylinder between two joints', () => {
  const bones: [Vector3, Vector3][] = [
    [new Vector3(0, 1, 0), new Vector3(0.1, 0.55, 0.05)], // thigh
    [new Vector3(0.2, 1.5, -0.3), new Vector3(0.6, 1.5, -0.3)], // a level arm
    [new Vector3(0, 0.5, 0), new Vector3(0, 1.5, 0)], // straight up
    [new Vector3(0, 1.5, 0), new Vector3(0, 0.5, 0)], // straight down
    [new Vector3(-1, 0.2, 2), new Vector3(-0.7, 0.1, 2.4)], // a foot
  ];

  it('matches three.js’s composed matrix for every direction', () => {
    const out = new Float32Array(32);
    for (const [a, b] of bones) {
      writeLimbMatrix(Float32Array.from([...a.toArray(), ...b.toArray()]), 0, 1, 0.04, out, 16);
      const want = expected(a, b, 0.04);
      for (let i = 0; i < 16; i++) expect(out[16 + i]).toBeCloseTo(want[i] ?? NaN, 5);
    }
  });

  it('puts the cylinder’s ends on the two joints', () => {
    const out = new Float32Array(16);
    const [a, b] = bones[0] ?? [new Vector3(), new Vector3()];
    writeLimbMatrix(Float32Array.from([...a.toArray(), ...b.toArray()]), 0, 1, 0.04, out, 0);
    const matrix = new Matrix4().fromArray(out);
    expect(new Vector3(0, 0.5, 0).applyMatrix4(matrix).distanceTo(b)).toBeLessThan(1e-6);
    expect(new Vector3(0, -0.5, 0).applyMatrix4(matrix).distanceTo(a)).toBeLessThan(1e-6);
  });

  it('hides a bone whose joints coincide', () => {
    const out = new Float32Array(16).fill(7);
    writeLimbMatrix(new Float32Array([1, 1, 1, 1, 1, 1]), 0, 1, 0.04, out, 0);
    expect([...out].every((v) => v === 0)).toBe(true);
  });
});
