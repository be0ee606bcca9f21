import { Canvas } from '@react-three/fiber';
import { useMemo } from 'react';
import { BenchFrameTimer } from '#bench/BenchFrameTimer';
import { cameraHomeFor, FIELD_OF_VIEW } from './cameraHome.ts';
import { CameraRig } from './CameraRig.tsx';
import { FloorMarkers } from './FloorMarkers.tsx';
import type { GaitMarker } from './gaitMarkers.ts';
import { PlaybackClock } from './PlaybackClock.tsx';
import type { PlaybackStore } from './playbackStore.ts';
import { SceneFloor } from './SceneFloor.tsx';
import { writePose } from './framePose.ts';
import { createScenePose } from './sceneShared.ts';
import { SkeletonFigure } from './SkeletonFigure.tsx';
import type { FigureShape } from './skeletonJoints.ts';
import type { SkeletonWalk } from './skeletonRecording.ts';

export type SkeletonSceneProps = {
  walk: SkeletonWalk;
  /** The file's own skeleton: its joints and bones. */
  shape: FigureShape;
  markers: readonly GaitMarker[];
  store: PlaybackStore;
  follow: boolean;
  /** Changing it puts the camera back home (Reset). */
  homeKey: number;
  /** Off on a software renderer, where multisampling costs more than the whole scene. */
  antialias: boolean;
};

/**
 * The three.js part of the viewer, loaded on demand (React.lazy) so that three.js stays out of every other page.
 * docs/spec.md §2: camera field of view 45. Children run their per-frame work in order: clock, figure, then camera and floor.
 */
export function SkeletonScene({ walk, shape, markers, store, follow, homeKey, antialias }: SkeletonSceneProps) {
  const pose = useMemo(() => createScenePose(), []);
  const home = useMemo(() => cameraHomeFor(firstPose(walk)), [walk]);
  return (
    <Canvas
      frameloop="demand"
      dpr={[1, 2]}
      camera={{ fov: FIELD_OF_VIEW, near: 0.05, far: 200, position: [...home.position] }}
      gl={{ antialias }}
    >
      <color attach="background" args={['#f3f6f8']} />
      <hemisphereLight args={['#ffffff', '#b8c2c8', 2.2]} />
      <directionalLight position={[3, 6, -4]} intensity={1.2} />
      <PlaybackClock store={store} />
      <SkeletonFigure walk={walk} shape={shape} store={store} pose={pose} />
      <CameraRig pose={pose} follow={follow} home={home} homeKey={homeKey} />
      <SceneFloor pose={pose} />
      <FloorMarkers markers={markers} store={store} />
      {import.meta.env.BENCH_BUILD && <BenchFrameTimer />}
    </Canvas>
  );
}

/** The walk's first frame in scene units, where the camera starts. */
function firstPose({ times, positions, scene }: SkeletonWalk): Float32Array {
  const pose = createScenePose().joints;
  writePose(times, positions, times[0] ?? 0, pose, pose.length, scene);
  return pose;
}
