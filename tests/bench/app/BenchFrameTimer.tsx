import { useFrame } from '@react-three/fiber';
import { benchProbe, recordFrame } from './skeletonProbe.ts';

/**
 * Bench build only (SkeletonScene.tsx): takes over rendering (a positive priority stops r3f's own render) so that the render call can
 * be timed with the per-frame update before it.
 */
export function BenchFrameTimer() {
  useFrame(({ gl, scene, camera }) => {
    gl.render(scene, camera);
    const rendered = performance.now();
    recordFrame(benchProbe.updateEndedAt - benchProbe.frameStartedAt, rendered - benchProbe.frameStartedAt);
  }, 1);
  return null;
}
