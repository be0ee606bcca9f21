import { useFrame } from '@react-three/fiber';
import { useEffect, useMemo } from 'react';
import { Color, CylinderGeometry, DynamicDrawUsage, InstancedMesh, MeshLambertMaterial, SphereGeometry } from 'three';
import { benchProbe } from '#bench/skeletonProbe';
import { writePose } from './framePose.ts';
import { writeLimbMatrix } from './limbMatrices.ts';
import type { PlaybackStore } from './playbackStore.ts';
import type { ScenePose } from './sceneShared.ts';
import { SIDE_COLOURS, type FigureShape } from './skeletonJoints.ts';
import type { SkeletonWalk } from './skeletonRecording.ts';

/**
 * Sizes in scene units (the body is 2 tall): a 20- or 25-joint body's joints and limbs, a head, and a marker set of
 * dozens of points, drawn thinner so its markers do not merge into one another.
 */
const BODY = { joint: 0.055, limb: 0.04 };
const MARKERS = { joint: 0.032, limb: 0.016 };
const HEAD_RADIUS = 0.12;

/** The names the scene's parts carry (three.js Object3D.name), which say what each draws. */
const FIGURE_PART_NAMES = { joints: 'Joints', limbs: 'Limbs' } as const;

/**
 * Limbs as one InstancedMesh of shaded cylinders and joints as one of spheres, built once per skeleton; each frame
 * only rewrites their matrices. A joint never tracked gets a zero scale and stays invisible.
 */
function buildFigure(shape: FigureShape) {
  const size = shape.jointCount > 25 ? MARKERS : BODY;
  const boneCount = shape.boneJoints.length / 2;
  const colour = new Color();
  const limbs = new InstancedMesh(new CylinderGeometry(1, 1, 1, 12, 1, true), new MeshLambertMaterial(), boneCount);
  limbs.name = FIGURE_PART_NAMES.limbs;
  limbs.instanceMatrix.setUsage(DynamicDrawUsage);
  shape.boneSides.forEach((side, b) => limbs.setColorAt(b, colour.set(SIDE_COLOURS[side])));
  const joints = new InstancedMesh(new SphereGeometry(1, 16, 12), new MeshLambertMaterial(), shape.jointCount);
  joints.name = FIGURE_PART_NAMES.joints;
  joints.instanceMatrix.setUsage(DynamicDrawUsage);
  const matrices = joints.instanceMatrix.array;
  shape.jointSides.forEach((side, j) => {
    joints.setColorAt(j, colour.set(SIDE_COLOURS[side]));
    const radius = shape.shown[j] !== 1 ? 0 : j === shape.headJoint ? HEAD_RADIUS : size.joint;
    matrices[j * 16] = matrices[j * 16 + 5] = matrices[j * 16 + 10] = radius;
  });
  // The figure walks across the floor: a bounding sphere fixed at creation would cull it by mistake.
  limbs.frustumCulled = false;
  joints.frustumCulled = false;
  const dispose = () => {
    for (const mesh of [limbs, joints]) {
      mesh.geometry.dispose();
      mesh.material.dispose();
      mesh.dispose();
    }
  };
  const figurePose = new Float32Array(shape.jointCount * 3);
  return { limbs, joints, limbRadius: size.limb, figurePose, dispose };
}

export type SkeletonFigureProps = { walk: SkeletonWalk; shape: FigureShape; store: PlaybackStore; pose: ScenePose };

/**
 * Draws the file's own skeleton at the playback time, and writes the engine's 20 joints into `pose` for the camera,
 * floor and shadow, which follow the engine's pelvis whatever the file's skeleton.
 */
export function SkeletonFigure({ walk, shape, store, pose }: SkeletonFigureProps) {
  const figure = useMemo(() => buildFigure(shape), [shape]);
  useEffect(() => figure.dispose, [figure]);

  useFrame(() => {
    const { limbs, joints, limbRadius, figurePose } = figure;
    const { time } = store.getState();
    writePose(walk.times, walk.positions, time, pose.joints, pose.joints.length, walk.scene);
    const own = walk.figure.positions === walk.positions ? pose.joints : figurePose;
    if (own === figurePose)
      writePose(walk.figure.times, walk.figure.positions, time, figurePose, figurePose.length, walk.scene);
    const limbMatrices = limbs.instanceMatrix.array;
    const { boneJoints } = shape;
    for (let b = 0; b < limbs.count; b++)
      writeLimbMatrix(own, boneJoints[b * 2] ?? 0, boneJoints[b * 2 + 1] ?? 0, limbRadius, limbMatrices, b * 16);
    limbs.instanceMatrix.needsUpdate = true;
    // Joints move only: elements 12–14 of each column-major matrix; the scale never changes.
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
      <primitive object={figure.limbs} />
      <primitive object={figure.joints} />
    </>
  );
}
