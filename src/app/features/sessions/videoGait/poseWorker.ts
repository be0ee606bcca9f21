/// <reference lib="webworker" />
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-webgl';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { loadGraphModel } from '@tensorflow/tfjs-converter';
import { BlazePoseTracker } from '#shared/pose/blazePoseRunner';
import type { PoseReply, PoseRequest } from './poseMessages.ts';

/** Weights and WASM binaries from our own origin (copied there by the build, precached by the service worker). */
const POSE_BASE = '/pose/';

let tracker: BlazePoseTracker | undefined;

/**
 * Whether the worker has a GPU behind WebGL: a software renderer (SwiftShader, llvmpipe: a browser without a GPU)
 * runs the model many times slower than tfjs's WASM backend.
 */
function hasGpuWebgl(): boolean {
  const gl = new OffscreenCanvas(1, 1).getContext('webgl2');
  if (gl === null) return false;
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const renderer = String(info === null ? gl.getParameter(gl.RENDERER) : gl.getParameter(info.UNMASKED_RENDERER_WEBGL));
  return !/swiftshader|llvmpipe|software/i.test(renderer);
}

/** WebGL where the device has a GPU (a tablet's), tfjs's WASM backend otherwise. */
async function start(): Promise<string> {
  setWasmPaths(POSE_BASE);
  const webgl = hasGpuWebgl() && (await tf.setBackend('webgl').catch(() => false));
  if (!webgl) await tf.setBackend('wasm');
  await tf.ready();
  const [detector, landmarks] = await Promise.all([
    loadGraphModel(`${POSE_BASE}blazepose-detector.json`),
    loadGraphModel(`${POSE_BASE}blazepose-full.json`),
  ]);
  tracker = new BlazePoseTracker(tf, { detector, landmarks });
  return tf.getBackend();
}

const reply = (message: PoseReply, transfer: Transferable[] = []) => self.postMessage(message, transfer);

self.onmessage = (event: MessageEvent<PoseRequest>) => {
  const request = event.data;
  const run = async () => {
    if (request.type === 'start') return reply({ type: 'ready', backend: await start() });
    if (tracker === undefined) throw new Error('The pose model is not loaded.');
    const points = await tracker.estimate({ data: request.rgb, width: request.width, height: request.height });
    reply({ type: 'landmarks', index: request.index, points: points ?? null }, points ? [points.buffer] : []);
  };
  run().catch((failure: unknown) =>
    reply({ type: 'failed', error: failure instanceof Error ? failure.message : String(failure) }),
  );
};
