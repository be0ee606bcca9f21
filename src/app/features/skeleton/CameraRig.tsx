import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useMemo, useRef } from 'react';
import { Vector3 } from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { CameraHome } from './cameraHome.ts';
import { HIP, type ScenePose } from './sceneShared.ts';

/** How quickly the following camera catches up with the pelvis (1/s): smooth enough to hide the pelvis's sway. */
const FOLLOW_RATE = 3;

export type CameraRigProps = {
  pose: ScenePose;
  follow: boolean;
  /** Where the camera starts for this walk (cameraHome.ts): on the walker from the first frame. */
  home: CameraHome;
  /** Changing it (Reset) puts the camera back home. */
  homeKey: number;
};

/**
 * Orbit, zoom and pan with mouse or touch (three's OrbitControls: one finger turns, two pinch and pan). Following
 * moves the camera and its target together with the walker, so the chosen viewing angle is kept.
 */
export function CameraRig({ pose, follow, home, homeKey }: CameraRigProps) {
  const camera = useThree((state) => state.camera);
  const element = useThree((state) => state.gl.domElement);
  const invalidate = useThree((state) => state.invalidate);
  const controls = useRef<OrbitControls | null>(null);
  const shift = useMemo(() => new Vector3(), []);

  // Created in the effect, not during render: disposing removes its listeners for good (StrictMode remounts). A new
  // walk or Reset (homeKey) starts again from home.
  useEffect(() => {
    const orbit = new OrbitControls(camera, element);
    orbit.maxPolarAngle = Math.PI / 2 - 0.02; // never below the floor
    orbit.minDistance = 1;
    orbit.maxDistance = 40;
    camera.position.set(...home.position);
    orbit.target.set(...home.target);
    orbit.update();
    invalidate();
    const onChange = () => invalidate();
    orbit.addEventListener('change', onChange);
    controls.current = orbit;
    return () => {
      orbit.removeEventListener('change', onChange);
      orbit.dispose();
      controls.current = null;
    };
  }, [camera, element, invalidate, home, homeKey]);

  useFrame((_, delta) => {
    const orbit = controls.current;
    if (!follow || !orbit) return;
    const x = pose.joints[HIP] ?? 0;
    const z = pose.joints[HIP + 2] ?? 0;
    const catchUp = 1 - Math.exp(-FOLLOW_RATE * Math.min(delta, 0.1));
    shift.set((x - orbit.target.x) * catchUp, 0, (z - orbit.target.z) * catchUp);
    if (shift.lengthSq() < 1e-10) return;
    orbit.target.add(shift);
    camera.position.add(shift);
    orbit.update();
    // Keep catching up even when playback is paused.
    invalidate();
  });
  return null;
}
