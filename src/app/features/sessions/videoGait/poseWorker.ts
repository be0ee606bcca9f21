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

/** WebGL where the device has it (a tablet's GPU), tfjs's WASM backend otherwise. */
async function start(): Promise<string> {
  setWasmPaths(POSE_BASE);
  const backend = (await tf.setBackend('webgl').catch(() => false)) ? 'webgl' : 'wasm';
  if (backend === 'wasm') await tf.setBackend('wasm');
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
