import { Canvas, useFrame } from '@react-three/fiber';
import { useMemo, useRef } from 'react';
import { BenchFrameTimer } from '#bench/BenchFrameTimer';
import { BlobShadow } from './BlobShadow.tsx';
import { FIELD_OF_VIEW, type CameraView, type WalkBox } from './cameraPresets.ts';
import { CameraRig } from './CameraRig.tsx';
import { FloorMarkers } from './FloorMarkers.tsx';
import type { GaitMarker } from './gaitMarkers.ts';
import { PlaybackClock } from './PlaybackClock.tsx';
import type { PlaybackStore } from './playbackStore.ts';
import { SceneFloor } from './SceneFloor.tsx';
import { writePose } from './framePose.ts';
import { createScenePose, type ScenePose } from './sceneShared.ts';
import { SkeletonFigure } from './SkeletonFigure.tsx';
import type { FigureShape } from './skeletonJoints.ts';
import type { SkeletonWalk } from './skeletonRecording.ts';

export type SkeletonSceneProps = {
  walk: SkeletonWalk;
  /** The walk's box and heading in scene units (cameraPresets.ts). */
  box: WalkBox;
  /** The file's own skeleton: its joints and bones. */
  shape: FigureShape;
  markers: readonly GaitMarker[];
  store: PlaybackStore;
  view: CameraView;
  /** Changing it puts the camera back on the view's framing (Reset). */
  homeKey: number;
  /** Off on a software renderer, where multisampling costs more than the whole scene. */
  antialias: boolean;
  /** Called once, as the first frame is drawn: until then the viewer says the 3D view is starting. */
  onShown: () => void;
};

/**
 * The three.js part of the viewer, loaded on demand (React.lazy) so that three.js stays out of every other page.
 * docs/spec.md §2: camera field of view 45. Children run their per-frame work in order: clock, figure, then camera,
 * floor, shadow and footprints, which read the pose the figure wrote.
 */
export function SkeletonScene(props: SkeletonSceneProps) {
  const { walk, box, shape, markers, store, view, homeKey, antialias, onShown } = props;
  // Starts as the walk's first frame, so the camera frames the walker before anything is drawn.
  const pose = useMemo(() => firstPose(walk), [walk]);
  return (
    <Canvas frameloop="demand" dpr={[1, 2]} camera={{ fov: FIELD_OF_VIEW, near: 0.05, far: 200 }} gl={{ antialias }}>
      <color attach="background" args={['#f3f6f8']} />
      <hemisphereLight args={['#ffffff', '#9aa6ad', 1.6]} />
      <directionalLight position={[3, 6, 4]} intensity={1.6} />
      <directionalLight position={[-4, 3, -3]} intensity={0.5} />
      <PlaybackClock store={store} />
      <SkeletonFigure walk={walk} shape={shape} store={store} pose={pose} />
      <CameraRig pose={pose} view={view} walk={box} homeKey={homeKey} />
      <SceneFloor pose={pose} />
      <BlobShadow pose={pose} />
      <FloorMarkers markers={markers} store={store} />
      <FirstFrame onShown={onShown} />
      {import.meta.env.BENCH_BUILD && <BenchFrameTimer />}
    </Canvas>
  );
}

/** Tells the viewer once that the scene is drawing (useFrame runs just before the frame is rendered). */
function FirstFrame({ onShown }: { onShown: () => void }) {
  const told = useRef(false);
  useFrame(() => {
    if (told.current) return;
    told.current = true;
    onShown();
  });
  return null;
}

/** The walk's first frame in scene units, where the camera starts. */
function firstPose({ times, positions, scene }: SkeletonWalk): ScenePose {
  const pose = createScenePose();
  writePose(times, positions, times[0] ?? 0, pose.joints, pose.joints.length, scene);
  return pose;
}
