import type { JointBout } from './jointDataFile.ts';

/**
 * A fast path for reading joint data file text: scans the usual layout, {"Steps":[{"Frames":[{"Timestamp":…,
 * "Joint_Positions":[…60 numbers]},…]},…]} with any whitespace and either key order, straight into typed arrays,
 * without building a JavaScript object per frame as JSON.parse must. Anything else (other keys, strings, nesting,
 * a wrong count, a value the file's rules forbid) returns undefined, and the caller falls back to JSON.parse and its
 * own checks, which also word the error. Numbers come out exactly as JSON.parse gives them.
 */
const FRAME_VALUES = 60;
const MAX_COORDINATE = 10_000;
const MAX_TIMESTAMP = 1e13;
/** Powers of ten that are exact doubles: one multiplication or division by them rounds correctly (Clinger 1990). */
const POWERS = Array.from({ length: 23 }, (_, i) => 10 ** i);

/** Scanner state: module variables, so that reading a number allocates nothing. */
let text = '';
let at = 0;

export function scanJointData(source: string): JointBout[] | undefined {
  text = source;
  at = 0;
  try {
    return scanFile();
  } finally {
    // A recording's text is tens of MB: the module must not keep the last one alive until the next scan.
    text = '';
  }
}

function scanFile(): JointBout[] | undefined {
  const bouts: JointBout[] = [];
  if (!(expect(123) && key('Steps') && expect(91))) return undefined;
  if (peek() === 93) return undefined;
  for (;;) {
    const bout = scanStep();
    if (bout === undefined) return undefined;
    bouts.push(bout);
    const next = peek();
    at++;
    if (next === 93) break;
    if (next !== 44) return undefined;
  }
  return expect(125) && peek() === -1 ? bouts : undefined;
}

function scanStep(): JointBout | undefined {
  if (!(expect(123) && key('Frames') && expect(91)) || peek() === 93) return undefined;
  const stepStart = at;
  let capacity = 1024;
  let times = new Float64Array(capacity);
  let positions = new Float32Array(capacity * FRAME_VALUES);
  let count = 0;
  for (;;) {
    if (count === capacity) {
      // Frames are written alike, so the text left over the text per frame so far is about the frames left: one
      // growth to that (at least doubling) rather than a doubling at every power of two, each a fresh copy of
      // megabytes. The final copy trims what the estimate overshot.
      const framesLeft = ((text.length - at) * count) / (at - stepStart);
      capacity = Math.max(2 * capacity, Math.ceil(1.05 * (count + framesLeft)));
      const grownTimes = new Float64Array(capacity);
      grownTimes.set(times);
      times = grownTimes;
      const grownPositions = new Float32Array(capacity * FRAME_VALUES);
      grownPositions.set(positions);
      positions = grownPositions;
    }
    if (!expect(123)) return undefined;
    let timestamp = Number.NaN;
    let filled = false;
    for (let field = 0; field < 2; field++) {
      if (field === 1 && !expect(44)) return undefined;
      if (peek() !== 34) return undefined;
      if (text.startsWith('"Timestamp"', at)) {
        at += 11;
        if (!expect(58)) return undefined;
        timestamp = number();
      } else if (text.startsWith('"Joint_Positions"', at)) {
        at += 17;
        if (!(expect(58) && expect(91))) return undefined;
        const base = count * FRAME_VALUES;
        for (let c = 0; c < FRAME_VALUES; c++) {
          // The comma usually follows the number directly; only then look past whitespace.
          if (c > 0) {
            if (text.charCodeAt(at) === 44) at++;
            else if (!expect(44)) return undefined;
          }
          const value = number();
          if (!(value >= -MAX_COORDINATE && value <= MAX_COORDINATE)) return undefined;
          positions[base + c] = value;
        }
        if (!expect(93)) return undefined;
        filled = true;
      } else return undefined;
    }
    const previous = count > 0 ? (times[count - 1] ?? 0) * 1000 : -Infinity;
    if (!(filled && expect(125) && timestamp >= 0 && timestamp <= MAX_TIMESTAMP && timestamp > previous))
      return undefined;
    times[count++] = timestamp / 1000;
    const next = peek();
    at++;
    if (next === 93) break;
    if (next !== 44) return undefined;
  }
  if (!expect(125)) return undefined;
  return { times: times.slice(0, count), positions: positions.slice(0, count * FRAME_VALUES) };
}

/** The next non-blank character code, not consumed; -1 at the end. */
function peek(): number {
  for (;;) {
    const c = text.charCodeAt(at);
    if (c === 32 || c === 10 || c === 13 || c === 9) at++;
    else return Number.isNaN(c) ? -1 : c;
  }
}

function expect(code: number): boolean {
  if (peek() !== code) return false;
  at++;
  return true;
}

function key(name: string): boolean {
  if (peek() !== 34 || !text.startsWith(`"${name}"`, at)) return false;
  at += name.length + 2;
  return expect(58);
}

/** A JSON number, or NaN if there is none here. Up to 15 digits and a small exponent: exact; else Number(). */
function number(): number {
  let c = text.charCodeAt(at);
  if (c === 32 || c === 10 || c === 13 || c === 9) {
    peek();
    c = text.charCodeAt(at);
  }
  const start = at;
  let negative = false;
  if (c === 45) {
    negative = true;
    c = text.charCodeAt(++at);
  }
  let mantissa = 0;
  let digits = 0;
  let scale = 0;
  if (c === 48) c = text.charCodeAt(++at);
  else if (c >= 49 && c <= 57) {
    while (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      c = text.charCodeAt(++at);
    }
  } else return Number.NaN;
  if (c === 46) {
    c = text.charCodeAt(++at);
    if (!(c >= 48 && c <= 57)) return Number.NaN;
    while (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      scale--;
      c = text.charCodeAt(++at);
    }
  }
  if (c === 101 || c === 69) return Number(exponentEnd(start));
  if (digits > 15 || -scale > 22) return Number(text.slice(start, at));
  const value = scale === 0 ? mantissa : mantissa / (POWERS[-scale] ?? 1);
  return negative ? -value : value;
}

/** Consumes an exponent and returns the whole number's text, for Number() to convert. */
function exponentEnd(start: number): string {
  let c = text.charCodeAt(++at);
  if (c === 43 || c === 45) c = text.charCodeAt(++at);
  while (c >= 48 && c <= 57) c = text.charCodeAt(++at);
  return text.slice(start, at);
}
