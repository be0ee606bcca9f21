import { useFrame } from '@react-three/fiber';
import { useEffect, useMemo } from 'react';
import { DataTexture, Mesh, MeshBasicMaterial, PlaneGeometry } from 'three';
import { JOINT_INDEX } from '#shared/gait/joints';
import { HIP, type ScenePose } from './sceneShared.ts';

const TEXTURE_SIZE = 64;
const FEET = [
  JOINT_INDEX.FootLeft * 3,
  JOINT_INDEX.FootRight * 3,
  JOINT_INDEX.AnkleLeft * 3,
  JOINT_INDEX.AnkleRight * 3,
];
/** The shadow's diameter beyond the feet's spread, and its least (feet together), in scene units. */
const BEYOND_FEET = 0.5;
const SMALLEST = 0.8;
/** Between the floor's grid and the footprints. */
const LIFT = 0.003;

/** A soft round shadow: black, its opacity falling smoothly from the middle to nothing at the edge. */
function shadowTexture(): DataTexture {
  const pixels = new Uint8Array(TEXTURE_SIZE * TEXTURE_SIZE * 4);
  const middle = (TEXTURE_SIZE - 1) / 2;
  for (let y = 0; y < TEXTURE_SIZE; y++)
    for (let x = 0; x < TEXTURE_SIZE; x++) {
      const r = Math.min(1, Math.hypot(x - middle, y - middle) / middle);
      const falloff = 1 - r * r * (3 - 2 * r);
      pixels[(y * TEXTURE_SIZE + x) * 4 + 3] = Math.round(255 * falloff);
    }
  const texture = new DataTexture(pixels, TEXTURE_SIZE, TEXTURE_SIZE);
  texture.needsUpdate = true;
  return texture;
}

/**
 * A blob shadow under the walker, as if lit from above: it sits between the feet and spreads with the stride. One
 * textured square, far cheaper than a shadow map on a software renderer.
 */
export function BlobShadow({ pose }: { pose: ScenePose }) {
  const shadow = useMemo(() => {
    const texture = shadowTexture();
    const material = new MeshBasicMaterial({ map: texture, color: '#1d2a33', transparent: true, opacity: 0.35 });
    material.depthWrite = false;
    const mesh = new Mesh(new PlaneGeometry(1, 1), material);
    mesh.name = 'Shadow';
    mesh.rotation.x = -Math.PI / 2;
    mesh.position.y = LIFT;
    const dispose = () => {
      texture.dispose();
      material.dispose();
      mesh.geometry.dispose();
    };
    return { mesh, dispose };
  }, []);
  useEffect(() => shadow.dispose, [shadow]);

  useFrame(() => {
    const { joints } = pose;
    let [minX, maxX, minZ, maxZ] = [Infinity, -Infinity, Infinity, -Infinity];
    for (const foot of FEET) {
      const x = joints[foot] ?? 0;
      const z = joints[foot + 2] ?? 0;
      [minX, maxX, minZ, maxZ] = [Math.min(minX, x), Math.max(maxX, x), Math.min(minZ, z), Math.max(maxZ, z)];
    }
    const { mesh } = shadow;
    // Under the feet and pelvis together: a leaning walker's shadow stays under the body.
    mesh.position.x = ((minX + maxX) / 2 + (joints[HIP] ?? 0)) / 2;
    mesh.position.z = ((minZ + maxZ) / 2 + (joints[HIP + 2] ?? 0)) / 2;
    // The plane lies in x, z after its turn about x: its own y axis is the floor's z.
    mesh.scale.set(Math.max(SMALLEST, maxX - minX + BEYOND_FEET), Math.max(SMALLEST, maxZ - minZ + BEYOND_FEET), 1);
  });
  return <primitive object={shadow.mesh} />;
}
