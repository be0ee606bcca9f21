import { serveWorkerTasks } from '#server/workers/serveWorkerTasks';
import type { HeadBoxFinder } from './headBoxes.ts';
import { nodeHeadBoxFinders } from './nodeHeadFinder.ts';

/** One frame of the video a job blurs, in order: RGB bytes, three per pixel. */
export type HeadDetectionTask = { data: Uint8Array; width: number; height: number; index: number };

// One worker thread per job: the models load once, and the finder tracks the people of that one video.
let finder: Promise<HeadBoxFinder> | undefined;

serveWorkerTasks<HeadDetectionTask, number[]>(async (task) => {
  finder ??= nodeHeadBoxFinders().then((make) => make());
  const heads = await (await finder).find(task, task.index);
  return heads.flat();
});
