/**
 * The byte-level reader under the joint data scanner (jointDataBytes.ts): the bytes and the position are module
 * variables, so that reading a number allocates nothing and the coordinate loop keeps its position in a register.
 * One scan at a time holds them, between beginScan and endScan.
 */
export const FRAME_VALUES = 60;
const MAX_COORDINATE = 10_000;
/** Powers of ten that are exact doubles: one multiplication or division by them rounds correctly (Clinger 1990). */
const POWERS = Array.from({ length: 23 }, (_, i) => 10 ** i);

let bytes: Uint8Array = new Uint8Array(0);
let at = 0;
/** Set when the reader looked past the bytes it has: what it read since may change when more bytes come. */
let touchedEnd = false;

/** The scan reads `received` from `from` on. */
export function beginScan(received: Uint8Array, from: number): void {
  bytes = received;
  at = from;
}

/** Where the scan stopped; the bytes are let go (a recording is tens of MB: nothing keeps the last one alive). */
export function endScan(): number {
  bytes = new Uint8Array(0);
  return at;
}

/** A unit of the file begins here: where it starts, and whether it touched the end is noted afresh. */
export function beginUnit(): number {
  touchedEnd = false;
  return at;
}

export const unitTouchedEnd = (): boolean => touchedEnd;
export const position = (): number => at;
export const bytesHeld = (): number => bytes.length;

/** Back to `to` (a unit to be read again), or on by one byte (one already looked at with peek). */
export function moveTo(to: number): void {
  at = to;
}

/**
 * The `count` numbers of Joint_Positions (60) or Heel_Positions (6) into `positions` from `base`, each within
 * ±MAX_COORDINATE. The usual form (a
 * sign, up to 15 digits with or without a point, then a comma, the closing bracket or a blank) is read here with the position
 * in a local variable, which V8 keeps in a register (the module's `at` is stored at every step); anything else goes
 * through number().
 */
export function readCoordinates(positions: Float32Array, base: number, count = FRAME_VALUES): boolean {
  const source = bytes;
  const end = source.length;
  let i = at;
  for (let c = 0; c < count; c++) {
    if (c > 0) {
      if (i < end && source[i] === 44) i++;
      else {
        at = i;
        if (!expect(44)) return false;
        i = at;
      }
    }
    const start = i;
    let code = i < end ? (source[i] ?? -1) : -1;
    const negative = code === 45;
    if (negative) code = ++i < end ? (source[i] ?? -1) : -1;
    let mantissa = 0;
    let digits = 0;
    while (code >= 48 && code <= 57) {
      mantissa = mantissa * 10 + (code - 48);
      digits++;
      code = ++i < end ? (source[i] ?? -1) : -1;
    }
    let fraction = -1;
    if (code === 46) {
      fraction = 0;
      code = ++i < end ? (source[i] ?? -1) : -1;
      while (code >= 48 && code <= 57) {
        mantissa = mantissa * 10 + (code - 48);
        fraction++;
        code = ++i < end ? (source[i] ?? -1) : -1;
      }
    }
    const leadingZero = digits > 1 && source[negative ? start + 1 : start] === 48;
    let value: number;
    if (
      digits > 0 &&
      fraction !== 0 &&
      !leadingZero &&
      digits + (fraction > 0 ? fraction : 0) <= 15 &&
      (code === 44 || code === 93 || code === 32 || code === 10 || code === 13 || code === 9)
    ) {
      value = fraction > 0 ? mantissa / (POWERS[fraction] ?? 1) : mantissa;
      if (negative) value = -value;
    } else {
      // An exponent, a long number, a malformed one: the general reader decides.
      at = start;
      value = number();
      i = at;
    }
    if (!(value >= -MAX_COORDINATE && value <= MAX_COORDINATE)) return false;
    positions[base + c] = value;
  }
  at = i;
  return true;
}

/** The byte at i, or -1 past the end (noted: the reading may change when more of the file comes). */
function byteAt(i: number): number {
  if (i < bytes.length) return bytes[i] ?? -1;
  touchedEnd = true;
  return -1;
}

/** The next non-blank byte, not consumed; -1 at the end. */
export function peek(): number {
  for (;;) {
    const c = byteAt(at);
    if (c === 32 || c === 10 || c === 13 || c === 9) at++;
    else return c;
  }
}

export function expect(code: number): boolean {
  if (peek() !== code) return false;
  at++;
  return true;
}

/** Consumes `word` (a quoted key) if it is next. */
export function matches(word: Uint8Array): boolean {
  if (at + word.length > bytes.length) {
    touchedEnd = true;
    return false;
  }
  for (let i = 0; i < word.length; i++) if (bytes[at + i] !== word[i]) return false;
  at += word.length;
  return true;
}

export function key(word: Uint8Array): boolean {
  return peek() === 34 && matches(word) && expect(58);
}

/** A JSON number, or NaN if there is none here. Up to 15 digits and a small exponent: exact; else Number(). */
export function number(): number {
  let c = byteAt(at);
  if (c === 32 || c === 10 || c === 13 || c === 9) c = peek();
  const start = at;
  let negative = false;
  if (c === 45) {
    negative = true;
    c = byteAt(++at);
  }
  let mantissa = 0;
  let digits = 0;
  let scale = 0;
  if (c === 48) c = byteAt(++at);
  else if (c >= 49 && c <= 57) {
    while (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      c = byteAt(++at);
    }
  } else return Number.NaN;
  if (c === 46) {
    c = byteAt(++at);
    if (!(c >= 48 && c <= 57)) return Number.NaN;
    while (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      scale--;
      c = byteAt(++at);
    }
  }
  if (c === 101 || c === 69) {
    c = byteAt(++at);
    if (c === 43 || c === 45) c = byteAt(++at);
    while (c >= 48 && c <= 57) c = byteAt(++at);
    return Number(textOf(start, at));
  }
  if (digits > 15 || -scale > 22) return Number(textOf(start, at));
  const value = scale === 0 ? mantissa : mantissa / (POWERS[-scale] ?? 1);
  return negative ? -value : value;
}

/** The ASCII bytes of a number as text, for Number() to convert the rare long or exponent forms. */
const textOf = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
