import { useFrame } from '@react-three/fiber';
import { useEffect, useMemo } from 'react';
import { GridHelper } from 'three';
import { HIP, type ScenePose } from './sceneShared.ts';

const GRID_SIZE = 60;

/**
 * A 1-unit grid (half a body height) that moves in whole cells with the walker: its lines stay put under the feet,
 * yet a long straight walk never runs off its edge.
 */
export function SceneFloor({ pose }: { pose: ScenePose }) {
  const grid = useMemo(() => new GridHelper(GRID_SIZE, GRID_SIZE, '#7d8c95', '#c9d3d9'), []);
  useEffect(
    () => () => {
      grid.geometry.dispose();
      grid.dispose();
    },
    [grid],
  );
  useFrame(() => {
    grid.position.x = Math.round(pose.joints[HIP] ?? 0);
    grid.position.z = Math.round(pose.joints[HIP + 2] ?? 0);
  });
  return <primitive object={grid} />;
}
