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
import { benchProbe } from '#bench/skeletonProbe';
import { writeBoneSegments, writePose } from './framePose.ts';
import type { PlaybackStore } from './playbackStore.ts';
import type { ScenePose } from './sceneShared.ts';
import { SIDE_COLOURS, type FigureShape } from './skeletonJoints.ts';
import type { SkeletonWalk } from './skeletonRecording.ts';

/** Joints of a 20- or 25-joint body; a marker set of dozens of points draws them smaller so they do not merge. */
const JOINT_RADIUS = 0.05;
const MARKER_RADIUS = 0.032;

/**
 * Bones as one LineSegments and joints as one InstancedMesh, built once per skeleton; each frame only rewrites their
 * arrays. A joint never tracked gets a zero scale and stays invisible.
 */
function buildFigure(shape: FigureShape) {
  const boneCount = shape.boneJoints.length / 2;
  const bonePositions = new Float32Array(boneCount * 2 * 3);
  const boneColours = new Float32Array(boneCount * 2 * 3);
  const colour = new Color();
  shape.boneSides.forEach((side, b) => {
    colour.set(SIDE_COLOURS[side]);
    colour.toArray(boneColours, b * 6);
    colour.toArray(boneColours, b * 6 + 3);
  });
  const geometry = new BufferGeometry();
  const positionAttribute = new BufferAttribute(bonePositions, 3).setUsage(DynamicDrawUsage);
  geometry.setAttribute('position', positionAttribute);
  geometry.setAttribute('color', new BufferAttribute(boneColours, 3));
  const bones = new LineSegments(geometry, new LineBasicMaterial({ vertexColors: true }));
  const radius = shape.jointCount > 25 ? MARKER_RADIUS : JOINT_RADIUS;
  const joints = new InstancedMesh(new SphereGeometry(radius, 12, 8), new MeshLambertMaterial(), shape.jointCount);
  joints.instanceMatrix.setUsage(DynamicDrawUsage);
  const matrices = joints.instanceMatrix.array;
  shape.jointSides.forEach((side, j) => {
    joints.setColorAt(j, colour.set(SIDE_COLOURS[side]));
    if (shape.shown[j] !== 1) matrices[j * 16] = matrices[j * 16 + 5] = matrices[j * 16 + 10] = 0;
  });
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
  const figurePose = new Float32Array(shape.jointCount * 3);
  return { bones, joints, bonePositions, positionAttribute, figurePose, dispose };
}

export type SkeletonFigureProps = { walk: SkeletonWalk; shape: FigureShape; store: PlaybackStore; pose: ScenePose };

/**
 * Draws the file's own skeleton at the playback time, and writes the engine's 20 joints into `pose` for the camera
 * and the floor, which follow the engine's pelvis whatever the file's skeleton.
 */
export function SkeletonFigure({ walk, shape, store, pose }: SkeletonFigureProps) {
  const figure = useMemo(() => buildFigure(shape), [shape]);
  useEffect(() => figure.dispose, [figure]);

  useFrame(() => {
    const { joints, bonePositions, positionAttribute, figurePose } = figure;
    const { time } = store.getState();
    writePose(walk.times, walk.positions, time, pose.joints, pose.joints.length, walk.scene);
    const own = walk.figure.positions === walk.positions ? pose.joints : figurePose;
    if (own === figurePose)
      writePose(walk.figure.times, walk.figure.positions, time, figurePose, figurePose.length, walk.scene);
    writeBoneSegments(own, shape.boneJoints, bonePositions);
    positionAttribute.needsUpdate = true;
    // Translation only: elements 12–14 of each column-major matrix; the scale never changes.
    const matrices = joints.instanceMatrix.array;
    for (let j = 0; j < shape.jointCount; j++) {
      matrices[j * 16 + 12] = own[j * 3] ?? 0;
      matrices[j * 16 + 13] = own[j * 3 + 1] ?? 0;
      matrices[j * 16 + 14] = own[j * 3 + 2] ?? 0;
    }
    joints.instanceMatrix.needsUpdate = true;
    if (import.meta.env.BENCH_BUILD) {
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
