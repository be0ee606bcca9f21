import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useMemo, useRef } from 'react';
import { Vector3 } from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { bodyBox, framePreset, tracksWalker, type CameraView, type WalkBox } from './cameraPresets.ts';
import { HIP, type ScenePose } from './sceneShared.ts';

/** How quickly the following camera catches up with the pelvis (1/s): smooth enough to hide the pelvis's sway. */
const FOLLOW_RATE = 3;
/**
 * A pelvis that moved further than this between two drawn frames (scene units, metres; a fast walker at 2× speed on
 * a slow device moves about 0.3) has jumped, by a scrub or a new walk: the camera goes there at once, or the figure
 * would be out of the frame for a second.
 */
const JUMP = 0.75;

export type CameraRigProps = {
  pose: ScenePose;
  view: CameraView;
  /** The walk's box in scene units (cameraPresets.ts), which Side and Top frame whole. */
  walk: WalkBox;
  /** Changing it (Reset) puts the camera back on the view's framing. */
  homeKey: number;
};

/**
 * Orbit, zoom and pan with mouse or touch (three's OrbitControls: one finger turns, two pinch and pan), starting from
 * the chosen view framed to the canvas's shape; a new view, a resize or Reset frames it again. Front and Follow frame
 * the body and then move the camera and its target with the walker, so an angle the user turned to is kept.
 */
export function CameraRig({ pose, view, walk, homeKey }: CameraRigProps) {
  const camera = useThree((state) => state.camera);
  const element = useThree((state) => state.gl.domElement);
  const invalidate = useThree((state) => state.invalidate);
  const { width, height } = useThree((state) => state.size);
  const controls = useRef<OrbitControls | null>(null);
  const shift = useMemo(() => new Vector3(), []);
  const lastPelvis = useRef<[number, number] | undefined>(undefined);

  // Created in the effect, not during render: disposing removes its listeners for good (StrictMode remounts).
  useEffect(() => {
    const orbit = new OrbitControls(camera, element);
    const box = tracksWalker(view) ? bodyBox(pose.joints[HIP] ?? 0, pose.joints[HIP + 2] ?? 0, walk.heading) : walk;
    const framed = framePreset(view, box, width / height);
    const distance = Math.hypot(...framed.position.map((p, a) => p - (framed.target[a] ?? 0)));
    orbit.maxPolarAngle = Math.PI / 2 - 0.02; // never below the floor
    orbit.minDistance = 1;
    orbit.maxDistance = Math.max(40, distance * 2);
    camera.far = Math.max(200, distance * 4);
    camera.updateProjectionMatrix();
    camera.position.set(...framed.position);
    orbit.target.set(...framed.target);
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
  }, [camera, element, invalidate, pose, view, walk, homeKey, width, height]);

  useFrame((_, delta) => {
    const orbit = controls.current;
    if (!tracksWalker(view) || !orbit) return;
    const x = pose.joints[HIP] ?? 0;
    const z = pose.joints[HIP + 2] ?? 0;
    const [lastX, lastZ] = lastPelvis.current ?? [x, z];
    lastPelvis.current = [x, z];
    const jumped = Math.hypot(x - lastX, z - lastZ) > JUMP;
    const [gapX, gapZ] = [x - orbit.target.x, z - orbit.target.z];
    const catchUp = jumped ? 1 : 1 - Math.exp(-FOLLOW_RATE * Math.min(delta, 0.1));
    shift.set(gapX * catchUp, 0, gapZ * catchUp);
    if (shift.lengthSq() < 1e-10) return;
    orbit.target.add(shift);
    camera.position.add(shift);
    orbit.update();
    // Keep catching up even when playback is paused.
    invalidate();
  });
  return null;
}
