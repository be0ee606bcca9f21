/**
 * A side's gait cycles as columns: cycle i's measures at index i of each typed array, in time order. A cycle runs
 * from a heel strike to the next of the same foot with, in order, the other foot's toe off, the other foot's heel
 * strike and this foot's toe off between (walkSequence.ts finds them; definitions of Perry & Burnfield 2010, Gait
 * Analysis: Normal and Pathological Function). Columns rather than an object per cycle: a 10-minute walk has over
 * a thousand cycles, and each object held its eight numbers boxed, one allocation apiece.
 */
export type GaitCycles = {
  count: number;
  /** Bout seconds of the heel strikes that begin and end the cycle, and of its toe off. */
  start: Float64Array;
  end: Float64Array;
  toeOff: Float64Array;
  strideTime: Float64Array;
  stanceTime: Float64Array;
  stancePercent: Float64Array;
  /** Heel strike to the other foot's toe off, and the other foot's heel strike to toe off. */
  initialDoubleSupportPercent: Float64Array;
  terminalDoubleSupportPercent: Float64Array;
};

const COLUMNS = [
  'start',
  'end',
  'toeOff',
  'strideTime',
  'stanceTime',
  'stancePercent',
  'initialDoubleSupportPercent',
  'terminalDoubleSupportPercent',
] as const;

/** Room for `capacity` cycles, none yet. */
export function gaitCycles(capacity: number): GaitCycles {
  const column = () => new Float64Array(capacity);
  return {
    count: 0,
    start: column(),
    end: column(),
    toeOff: column(),
    strideTime: column(),
    stanceTime: column(),
    stancePercent: column(),
    initialDoubleSupportPercent: column(),
    terminalDoubleSupportPercent: column(),
  };
}

/** Adds the cycle from heel strike `heel` to `next`, given the three events between (bout seconds). */
export function addCycle(
  cycles: GaitCycles,
  heel: number,
  otherOff: number,
  otherStrike: number,
  off: number,
  next: number,
): void {
  const i = cycles.count++;
  const stride = next - heel;
  cycles.start[i] = heel;
  cycles.end[i] = next;
  cycles.toeOff[i] = off;
  cycles.strideTime[i] = stride;
  cycles.stanceTime[i] = off - heel;
  cycles.stancePercent[i] = (100 * (off - heel)) / stride;
  cycles.initialDoubleSupportPercent[i] = (100 * Math.max(0, otherOff - heel)) / stride;
  cycles.terminalDoubleSupportPercent[i] = (100 * Math.max(0, off - otherStrike)) / stride;
}

/** The cycles with each column cut to its count (views, no copy). */
export function trimmedCycles(cycles: GaitCycles): GaitCycles {
  const out = { ...cycles };
  for (const name of COLUMNS) out[name] = cycles[name].subarray(0, cycles.count);
  return out;
}

/** Several parts' cycles one after another (bouts, or both sides). */
export function joinCycles(parts: readonly GaitCycles[]): GaitCycles {
  const joined = gaitCycles(parts.reduce((total, part) => total + part.count, 0));
  for (const part of parts) {
    for (const name of COLUMNS) joined[name].set(part[name].subarray(0, part.count), joined.count);
    joined.count += part.count;
  }
  return joined;
}
