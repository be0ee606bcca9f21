import { useFrame } from '@react-three/fiber';
import { useEffect, useMemo } from 'react';
import { GridHelper, Group, Mesh, MeshLambertMaterial, PlaneGeometry } from 'three';
import { HIP, type ScenePose } from './sceneShared.ts';

const GRID_SIZE = 60;

/** The name the floor carries in the scene (three.js Object3D.name): its y is the floor's height. */
const FLOOR_NAME = 'Floor';

/**
 * The floor at y 0, where the recording's lowest foot positions were put (skeletonScale.ts): a lit plane that the
 * walker stands on, and over it a 1-unit grid (half a body height) to judge step lengths by. Both move in whole grid
 * cells with the walker: the lines stay put under the feet, yet a long straight walk never runs off the edge.
 */
export function SceneFloor({ pose }: { pose: ScenePose }) {
  const floor = useMemo(() => {
    const group = new Group();
    group.name = FLOOR_NAME;
    const plane = new Mesh(new PlaneGeometry(GRID_SIZE, GRID_SIZE), new MeshLambertMaterial({ color: '#dde4e8' }));
    plane.rotation.x = -Math.PI / 2;
    // A hair below the grid, so the lines are never hidden by the plane they lie on.
    plane.position.y = -0.002;
    const grid = new GridHelper(GRID_SIZE, GRID_SIZE, '#7d8c95', '#b9c5cc');
    group.add(plane, grid);
    const dispose = () => {
      plane.geometry.dispose();
      plane.material.dispose();
      grid.geometry.dispose();
      grid.dispose();
    };
    return { group, dispose };
  }, []);
  useEffect(() => floor.dispose, [floor]);
  useFrame(() => {
    floor.group.position.x = Math.round(pose.joints[HIP] ?? 0);
    floor.group.position.z = Math.round(pose.joints[HIP + 2] ?? 0);
  });
  return <primitive object={floor.group} />;
}
