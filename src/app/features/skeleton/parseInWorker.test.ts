import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkerInput } from './jointDataWorker.ts';
import { readInWorker } from './parseInWorker.ts';
import type { PreparedRecording } from './skeletonRecording.ts';
import { endIdleJointDataWorker, startJointDataWorker } from './workerAhead.ts';

/** A stand-in for the browser's Worker: it keeps what it was sent, and the test answers for it. */
class FakeWorker {
  static created: FakeWorker[] = [];
  sent: { input: WorkerInput; transfer: Transferable[] }[] = [];
  terminated = false;
  onmessage: ((event: { data: PreparedRecording }) => void) | null = null;
  onerror: (() => void) | null = null;

  constructor() {
    FakeWorker.created.push(this);
  }

  postMessage(input: WorkerInput, transfer: Transferable[] = []) {
    this.sent.push({ input, transfer });
  }

  terminate() {
    this.terminated = true;
  }

  kinds() {
    return this.sent.map(({ input }) => input.kind);
  }
}

const KIB = 1024;
/** A piece of the download: `size` bytes, each the piece's number, in a buffer of its own. */
const piece = (n: number, size: number) => new Uint8Array(size).fill(n);
const onlyWorker = () => {
  expect(FakeWorker.created).toHaveLength(1);
  const [worker] = FakeWorker.created;
  if (worker === undefined) throw new Error('no worker');
  return worker;
};
const piecesSent = (worker: FakeWorker) =>
  worker.sent.flatMap(({ input, transfer }) => (input.kind === 'pieces' ? [{ pieces: input.pieces, transfer }] : []));
const FAILED: PreparedRecording = { ok: false, error: 'test answer' };

beforeEach(() => {
  FakeWorker.created = [];
  vi.stubGlobal('Worker', FakeWorker);
});

afterEach(() => {
  endIdleJointDataWorker();
  vi.unstubAllGlobals();
});

describe('readInWorker', () => {
  it('sends the pieces in batches of at least 256 KiB, transferred, and the rest and the end when the download ends', async () => {
    const reading = readInWorker(900 * KIB, new AbortController().signal);
    const worker = onlyWorker();
    expect(worker.sent[1]?.input).toEqual({ kind: 'begin', expectedLength: 900 * KIB });
    const pieces = [piece(1, 100 * KIB), piece(2, 100 * KIB), piece(3, 60 * KIB), piece(4, 10 * KIB)];
    reading.add(pieces[0] ?? piece(0, 0));
    reading.add(pieces[1] ?? piece(0, 0));
    // 200 KiB: not yet a batch.
    expect(piecesSent(worker)).toEqual([]);
    const buffers = pieces.map((p) => p.buffer);
    reading.add(pieces[2] ?? piece(0, 0));
    expect(piecesSent(worker)).toEqual([{ pieces: buffers.slice(0, 3), transfer: buffers.slice(0, 3) }]);
    reading.add(pieces[3] ?? piece(0, 0));
    expect(piecesSent(worker)).toHaveLength(1);

    const metrics = new ArrayBuffer(8);
    const prepared = reading.finish(metrics);
    expect(piecesSent(worker)[1]).toEqual({ pieces: buffers.slice(3), transfer: buffers.slice(3) });
    expect(worker.kinds()).toEqual(['warm', 'begin', 'pieces', 'pieces', 'end']);
    expect(worker.sent[4]).toEqual({ input: { kind: 'end', metrics }, transfer: [metrics] });
    worker.onmessage?.({ data: FAILED });
    expect(await prepared).toEqual(FAILED);
    expect(worker.terminated).toBe(true);
  });

  it('copies a piece that is a view of a larger buffer, so that only its own bytes are handed over', () => {
    const reading = readInWorker(0, new AbortController().signal);
    const shared = new Uint8Array(300 * KIB).fill(7);
    shared.set(piece(9, 256 * KIB), 10);
    reading.add(shared.subarray(10, 10 + 256 * KIB));
    const [sent] = piecesSent(onlyWorker());
    expect(sent?.pieces).toHaveLength(1);
    const [bytes] = sent?.pieces ?? [];
    expect(bytes).not.toBe(shared.buffer);
    const handed = new Uint8Array(bytes ?? new ArrayBuffer(0));
    expect(handed.length).toBe(256 * KIB);
    expect(handed.every((byte) => byte === 9)).toBe(true);
    expect(sent?.transfer).toEqual([bytes]);
    reading.cancel();
  });

  it('sends what it holds at the end even when no batch was full, and no metrics when there are none', async () => {
    const reading = readInWorker(20, new AbortController().signal);
    reading.add(piece(1, 20));
    const worker = onlyWorker();
    const prepared = reading.finish(null);
    expect(worker.kinds()).toEqual(['warm', 'begin', 'pieces', 'end']);
    expect(worker.sent[3]).toEqual({ input: { kind: 'end', metrics: null }, transfer: [] });
    worker.onmessage?.({ data: FAILED });
    await prepared;
  });

  it('ends the worker and rejects when the download is abandoned', async () => {
    const controller = new AbortController();
    const reading = readInWorker(0, controller.signal);
    reading.add(piece(1, 10));
    const prepared = reading.finish(null);
    controller.abort();
    await expect(prepared).rejects.toMatchObject({ name: 'AbortError' });
    expect(onlyWorker().terminated).toBe(true);
  });
});

describe('the worker started ahead', () => {
  it('is started once by the route and the viewer alike, and taken by the file that comes', () => {
    startJointDataWorker();
    const viewer = new AbortController();
    startJointDataWorker(viewer.signal);
    const worker = onlyWorker();
    expect(worker.kinds()).toEqual(['warm']);
    readInWorker(0, viewer.signal);
    expect(FakeWorker.created).toEqual([worker]);
    expect(worker.kinds()).toEqual(['warm', 'begin']);
    // Taken: leaving the route or closing the viewer no longer ends it through the idle path.
    endIdleJointDataWorker();
    expect(worker.terminated).toBe(false);
  });

  it('is ended when the route is left or the viewer closes before a file took it', () => {
    startJointDataWorker();
    endIdleJointDataWorker();
    const [first] = FakeWorker.created;
    expect(first?.terminated).toBe(true);
    const viewer = new AbortController();
    startJointDataWorker(viewer.signal);
    viewer.abort();
    const [, second] = FakeWorker.created;
    expect(second?.terminated).toBe(true);
    // The next file gets a new worker.
    readInWorker(0, new AbortController().signal).cancel();
    expect(FakeWorker.created).toHaveLength(3);
  });

  it('is replaced when it failed to start', () => {
    startJointDataWorker();
    const [failed] = FakeWorker.created;
    failed?.onerror?.();
    readInWorker(0, new AbortController().signal).cancel();
    expect(failed?.terminated).toBe(true);
    expect(FakeWorker.created).toHaveLength(2);
    expect(FakeWorker.created[1]?.kinds()).toEqual(['warm', 'begin']);
  });
});
