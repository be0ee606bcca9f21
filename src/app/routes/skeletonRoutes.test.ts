import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { skeletonViewerRoute } from './skeletonRoutes.ts';

/** Counts the workers started and ended. */
class FakeWorker {
  static created: FakeWorker[] = [];
  terminated = false;
  onerror: (() => void) | null = null;
  constructor() {
    FakeWorker.created.push(this);
  }
  postMessage() {}
  terminate() {
    this.terminated = true;
  }
}

const { loader, onLeave } = skeletonViewerRoute.options;
const load = (preload: boolean, cause: 'enter' | 'stay' | 'preload') =>
  (loader as unknown as (context: { preload: boolean; cause: string }) => void)({ preload, cause });

beforeEach(() => {
  FakeWorker.created = [];
  vi.stubGlobal('Worker', FakeWorker);
});

afterEach(() => {
  (onLeave as unknown as () => void)();
  vi.unstubAllGlobals();
});

describe('the skeleton viewer route', () => {
  it('starts the file reader as it is entered, before the viewer loads, and ends it when left unused', () => {
    load(true, 'preload');
    load(false, 'stay');
    expect(FakeWorker.created).toHaveLength(0);
    load(false, 'enter');
    load(false, 'enter');
    expect(FakeWorker.created).toHaveLength(1);
    (onLeave as unknown as () => void)();
    expect(FakeWorker.created[0]?.terminated).toBe(true);
  });
});
