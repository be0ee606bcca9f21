/**
 * Long work on the main thread, cut into slices a few milliseconds long with the browser free in between, so input
 * and paint are never held up by more than a slice (a long task is one over 50 ms; a frame is 16.7 ms at 60 Hz).
 * The work is a generator: it yields wherever it may be paused, and returns its result.
 */
export type SlicedWork<T> = Generator<void, T, void>;

/** Work per slice: a third of a frame, leaving the rest for React's render and the browser's paint. */
const SLICE_MS = 6;

type Scheduler = { yield?: () => Promise<void> };

/** Gives the main thread back: scheduler.yield() where the browser has it (it keeps the task's priority), else a new task. */
function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export class Cancelled extends Error {
  constructor() {
    super('The work was replaced by newer work.');
  }
}

/** Runs sliced work to its end; `isCancelled` is checked between slices (newer data replaced this work). */
export async function runSliced<T>(work: SlicedWork<T>, isCancelled: () => boolean = () => false): Promise<T> {
  for (;;) {
    const started = performance.now();
    let step = work.next();
    while (!step.done && performance.now() - started < SLICE_MS) step = work.next();
    if (step.done) return step.value;
    await yieldToMain();
    if (isCancelled()) throw new Cancelled();
  }
}

/** Runs sliced work at once, for tests and small inputs. */
export function runNow<T>(work: SlicedWork<T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}

/** How many comparisons or items between two chances to pause. */
export const PAUSE_EVERY = 512;

/**
 * A stable merge sort (bottom-up) that can pause every few hundred comparisons: Array.prototype.sort over 20,000
 * strings with a collator is one long task on a slow device.
 */
export function* sortSliced<T>(items: readonly T[], compare: (a: T, b: T) => number): SlicedWork<T[]> {
  let from = [...items];
  let to = new Array<T>(from.length);
  let sinceYield = 0;
  for (let width = 1; width < from.length; width *= 2) {
    for (let left = 0; left < from.length; left += 2 * width) {
      const middle = Math.min(left + width, from.length);
      const right = Math.min(left + 2 * width, from.length);
      let i = left;
      let j = middle;
      let k = left;
      while (i < middle && j < right) {
        // `<= 0` takes the left item on ties: equal items keep their order (stable).
        to[k++] = compare(from[i] as T, from[j] as T) <= 0 ? (from[i++] as T) : (from[j++] as T);
        if (++sinceYield >= PAUSE_EVERY) {
          sinceYield = 0;
          yield;
        }
      }
      while (i < middle) to[k++] = from[i++] as T;
      while (j < right) to[k++] = from[j++] as T;
    }
    [from, to] = [to, from];
  }
  return from;
}
