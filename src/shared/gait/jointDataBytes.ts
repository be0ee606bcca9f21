import type { JointBout } from './jointBout.ts';
import {
  FRAME_VALUES,
  beginScan,
  beginUnit,
  bytesHeld,
  endScan,
  expect,
  key,
  matches,
  moveTo,
  number,
  peek,
  position,
  readCoordinates,
  unitTouchedEnd,
} from './jointDataTokens.ts';

/**
 * A fast path for reading a joint data file from its bytes: the usual layout, {"Steps":[{"Frames":[
 * {"Timestamp":…,"Joint_Positions":[…60 numbers]},…]},…]}, each frame optionally with "Heel_Positions":[…6 numbers]
 * (a lab trial's heel markers, docs/joint-data.md), with any whitespace and any key order, scanned straight
 * into typed arrays with neither a UTF-8 decode of the whole file nor an object per frame (text is encoded first). Anything else (a byte-order
 * mark, other keys, strings, nesting, a wrong count, a value the file's rules forbid, any byte outside ASCII) returns
 * undefined, and the caller decodes the text and reads it through JSON.parse, which also words the error. Numbers
 * come out exactly as JSON.parse gives them.
 */
const MAX_TIMESTAMP = 1e13;
const ascii = (key: string) => Uint8Array.from(key, (c) => c.charCodeAt(0));
const STEPS = ascii('"Steps"');
const FRAMES = ascii('"Frames"');
const TIMESTAMP = ascii('"Timestamp"');
const JOINT_POSITIONS = ascii('"Joint_Positions"');
const HEEL_POSITIONS = ascii('"Heel_Positions"');
const HEEL_VALUES = 6;

/** The usual layout read whole: the bouts, or undefined for anything else (the caller reads it through JSON.parse). */
export function scanJointDataBytes(source: Uint8Array): JointBout[] | undefined {
  const outcome = new JointDataScan(source.length).feed(source, true);
  return outcome === 'more' ? undefined : outcome;
}

/** The step being read; `heels` from its first frame that has them (earlier frames' heels stay untracked). */
type Step = {
  start: number;
  capacity: number;
  count: number;
  times: Float64Array;
  positions: Float32Array;
  heels?: Float32Array;
};

/** Where the scan stands between two units of the file: what it expects next. */
type Place = 'file' | 'step' | 'frame' | 'afterFrame' | 'afterStep' | 'done';

/**
 * The same reading of a file that arrives in pieces (a download): each feed scans what has come as far as it can, in
 * units (the file's opening, a step's opening, a frame, what follows a frame or a step). A unit that ran into the
 * end of what has come is undone and read again from its start on the next feed, so that no number or key is read
 * cut in two: the outcome is scanJointDataBytes's of the whole file, however it was cut.
 */
export class JointDataScan {
  readonly #bouts: JointBout[] = [];
  #place: Place = 'file';
  #at = 0;
  #step: Step = { start: 0, capacity: 0, count: 0, times: new Float64Array(0), positions: new Float32Array(0) };
  /** The last frame's timestamp, kept when the frame is. */
  #timestamp = 0;
  /** The whole file's bytes if known (Content-Length), else 0: it sizes each step's arrays. */
  readonly #expectedLength: number;

  constructor(expectedLength: number) {
    this.#expectedLength = expectedLength;
  }

  /**
   * `received`: the file's bytes so far, from its first (each feed all of them, not only the new ones); `final` when
   * they are the whole file. 'more' until then, then the bouts; undefined as soon as the file is not the usual layout
   * (the caller then reads the whole file through JSON.parse).
   */
  feed(received: Uint8Array, final: boolean): JointBout[] | 'more' | undefined {
    beginScan(received, this.#at);
    try {
      for (;;) {
        const unitStart = beginUnit();
        const next = this.#unit();
        if (unitTouchedEnd() && !final) {
          moveTo(unitStart);
          return 'more';
        }
        if (next === undefined) return undefined;
        this.#move(next);
        if (next === 'done') return this.#bouts;
      }
    } finally {
      this.#at = endScan();
    }
  }

  /**
   * Reads one unit and says where that leaves the scan, or undefined if the file is not the usual layout. Changes
   * nothing that a second reading of the unit would not write again: feed keeps it (#move) only if it did not touch
   * the end of what has come.
   */
  #unit(): Place | undefined {
    switch (this.#place) {
      case 'file':
        return expect(123) && key(STEPS) && expect(91) && peek() !== 93 ? 'step' : undefined;
      case 'step':
        return expect(123) && key(FRAMES) && expect(91) && peek() !== 93 ? 'frame' : undefined;
      case 'frame':
        return this.#frame() ? 'afterFrame' : undefined;
      case 'afterFrame': {
        const next = peek();
        moveTo(position() + 1);
        if (next === 44) return 'frame';
        return next === 93 && expect(125) ? 'afterStep' : undefined;
      }
      case 'afterStep': {
        const next = peek();
        moveTo(position() + 1);
        if (next === 44) return 'step';
        // Nothing but blanks may follow: looking for the end touches it, so only the whole file can end here.
        return next === 93 && expect(125) && peek() === -1 ? 'done' : undefined;
      }
      case 'done':
        return 'done';
    }
  }

  #move(next: Place): void {
    const step = this.#step;
    if (this.#place === 'step') this.#startStep();
    else if (next === 'afterFrame') step.times[step.count++] = this.#timestamp / 1000;
    else if (next === 'afterStep') {
      const { times, positions, heels, count } = step;
      const bout = { times: trim(times, count), positions: trim(positions, count * FRAME_VALUES) };
      this.#bouts.push(heels === undefined ? bout : { ...bout, heels: trim(heels, count * HEEL_VALUES) });
    }
    this.#place = next;
  }

  #startStep(): void {
    // Small at first: the first growth, a few frames in, sizes the arrays to the whole step from the bytes per frame,
    // so that even a short file (the viewer worker's warm-up) takes the path a long one takes.
    const capacity = 64;
    this.#step = {
      start: position(),
      capacity,
      count: 0,
      times: new Float64Array(capacity),
      positions: new Float32Array(capacity * FRAME_VALUES),
    };
  }

  /** One frame's timestamp and coordinates; the coordinates go straight into the step's next frame. */
  #frame(): boolean {
    const step = this.#step;
    if (step.count === step.capacity) this.#grow();
    const { times, positions, count } = step;
    if (!expect(123)) return false;
    let timestamp = Number.NaN;
    let [timed, filled, heeled] = [false, false, false];
    // Each key once (JSON.parse would keep the last of two; the general reader handles that rare file).
    for (let field = 0; field < 3; field++) {
      if (field > 0 && (peek() === 125 || !expect(44))) break;
      if (peek() !== 34) return false;
      if (matches(TIMESTAMP)) {
        if (timed || !expect(58)) return false;
        timestamp = number();
        timed = true;
      } else if (matches(JOINT_POSITIONS)) {
        if (filled || !numbers(positions, count * FRAME_VALUES, FRAME_VALUES)) return false;
        filled = true;
      } else if (matches(HEEL_POSITIONS)) {
        step.heels ??= new Float32Array(step.capacity * HEEL_VALUES);
        if (heeled || !numbers(step.heels, count * HEEL_VALUES, HEEL_VALUES)) return false;
        heeled = true;
      } else return false;
    }
    const previous = count > 0 ? (times[count - 1] ?? 0) * 1000 : -Infinity;
    this.#timestamp = timestamp;
    return filled && expect(125) && timestamp >= 0 && timestamp <= MAX_TIMESTAMP && timestamp > previous;
  }

  /**
   * Frames are written alike, so the bytes left over the bytes per frame so far are about the frames left: one growth
   * to that (at least doubling) rather than a doubling at every power of two, each a fresh copy of megabytes. What
   * the estimate overshot is trimmed at the end.
   */
  #grow(): void {
    const step = this.#step;
    const at = position();
    const length = Math.max(this.#expectedLength, bytesHeld());
    const framesLeft = ((length - at) * step.count) / (at - step.start);
    step.capacity = Math.max(2 * step.capacity, Math.ceil(1.05 * (step.count + framesLeft)));
    const times = new Float64Array(step.capacity);
    times.set(step.times);
    step.times = times;
    const positions = new Float32Array(step.capacity * FRAME_VALUES);
    positions.set(step.positions);
    step.positions = positions;
    if (step.heels !== undefined) {
      const heels = new Float32Array(step.capacity * HEEL_VALUES);
      heels.set(step.heels);
      step.heels = heels;
    }
  }
}

/** `: [` then `count` coordinates into `into` from `base`, then `]`. */
const numbers = (into: Float32Array, base: number, count: number): boolean =>
  expect(58) && expect(91) && readCoordinates(into, base, count) && expect(93);

/**
 * The first `length` values: a view when the estimate overshot by at most 1/16 (the usual one-step file; no copy of
 * megabytes), else a copy, so that a step never holds much more memory than its frames.
 */
function trim<T extends Float64Array | Float32Array>(values: T, length: number): T {
  return (values.length - length <= length / 16 ? values.subarray(0, length) : values.slice(0, length)) as T;
}
