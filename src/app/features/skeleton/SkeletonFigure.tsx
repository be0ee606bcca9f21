import { useFrame } from '@react-three/fiber';
import { useEffect, useMemo } from 'react';
import {
  BufferAttribute,
  BufferGeometry,
  Color,
  DynamicDrawUsage,
  InstancedMesh,
  LineBasicMaterial,
  LineSegments,
  MeshLambertMaterial,
  SphereGeometry,
} from 'three';
import { JOINT_COUNT } from '#shared/gait/joints';
import { benchProbe } from './benchProbe.ts';
import { writeBoneSegments, writePose } from './framePose.ts';
import type { PlaybackStore } from './playbackStore.ts';
import type { ScenePose } from './sceneShared.ts';
import { BONE_COUNT, BONE_SIDES, JOINT_SIDES, SIDE_COLOURS } from './skeletonJoints.ts';
import type { SkeletonWalk } from './skeletonRecording.ts';

const JOINT_RADIUS = 0.05;

/** Bones as one LineSegments and joints as one InstancedMesh, built once; each frame only rewrites their arrays. */
function buildFigure() {
  const bonePositions = new Float32Array(BONE_COUNT * 2 * 3);
  const boneColours = new Float32Array(BONE_COUNT * 2 * 3);
  const colour = new Color();
  BONE_SIDES.forEach((side, b) => {
    colour.set(SIDE_COLOURS[side]);
    colour.toArray(boneColours, b * 6);
    colour.toArray(boneColours, b * 6 + 3);
  });
  const geometry = new BufferGeometry();
  const positionAttribute = new BufferAttribute(bonePositions, 3).setUsage(DynamicDrawUsage);
  geometry.setAttribute('position', positionAttribute);
  geometry.setAttribute('color', new BufferAttribute(boneColours, 3));
  const bones = new LineSegments(geometry, new LineBasicMaterial({ vertexColors: true }));
  const joints = new InstancedMesh(new SphereGeometry(JOINT_RADIUS, 12, 8), new MeshLambertMaterial(), JOINT_COUNT);
  joints.instanceMatrix.setUsage(DynamicDrawUsage);
  JOINT_SIDES.forEach((side, j) => joints.setColorAt(j, colour.set(SIDE_COLOURS[side])));
  // The figure walks across the floor: a bounding sphere fixed at creation would cull it by mistake.
  bones.frustumCulled = false;
  joints.frustumCulled = false;
  const dispose = () => {
    geometry.dispose();
    bones.material.dispose();
    joints.geometry.dispose();
    joints.material.dispose();
    joints.dispose();
  };
  return { bones, joints, bonePositions, positionAttribute, dispose };
}

export function SkeletonFigure({ walk, store, pose }: { walk: SkeletonWalk; store: PlaybackStore; pose: ScenePose }) {
  const figure = useMemo(() => buildFigure(), []);
  useEffect(() => figure.dispose, [figure]);

  useFrame(() => {
    const { joints, bonePositions, positionAttribute } = figure;
    writePose(walk.times, walk.positions, store.getState().time, pose.joints);
    writeBoneSegments(pose.joints, bonePositions);
    positionAttribute.needsUpdate = true;
    // Translation only: elements 12–14 of each column-major identity matrix; the scale never changes.
    const matrices = joints.instanceMatrix.array;
    for (let j = 0; j < JOINT_COUNT; j++) {
      matrices[j * 16 + 12] = pose.joints[j * 3] ?? 0;
      matrices[j * 16 + 13] = pose.joints[j * 3 + 1] ?? 0;
      matrices[j * 16 + 14] = pose.joints[j * 3 + 2] ?? 0;
    }
    joints.instanceMatrix.needsUpdate = true;
    if (benchProbe.enabled) {
      if (benchProbe.firstFrameAt === 0) benchProbe.firstFrameAt = performance.now();
      benchProbe.updateEndedAt = performance.now();
    }
  });

  return (
    <>
      <primitive object={figure.bones} />
      <primitive object={figure.joints} />
    </>
  );
}
