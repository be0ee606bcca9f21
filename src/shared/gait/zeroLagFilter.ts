/**
 * Zero-lag low-pass filter for joint trajectories: a 2nd-order Butterworth run forward and then backward, which
 * cancels the phase lag and makes a 4th-order response (Winter 2009, Biomechanics and Motor Control of Human
 * Movement, 4th ed., ch. 2). Gait kinematics carry almost no power above 6 Hz, while Kinect jitter is broadband.
 */
export const GAIT_CUTOFF_HZ = 6;

/**
 * Each pass attenuates, so the design cutoff is raised by Winter's correction 1 / (2^(1/2) − 1)^(1/4) ≈ 1 / 0.802
 * to keep the −3 dB point of the two passes at the requested cutoff.
 */
const TWO_PASS_CORRECTION = (Math.SQRT2 - 1) ** 0.25;

/** Reflected samples added at each end so that the filter's start-up transient falls outside the data. */
export function filterPadding(sampleRateHz: number, cutoffHz: number): number {
  return Math.ceil((3 * sampleRateHz) / cutoffHz);
}

/**
 * Filters signal into out (both length n; they may be the same array). scratch must hold n + 2 × filterPadding.
 * No allocation, so it can run per bout on an 18,000-frame recording.
 */
export function lowPassZeroLag(
  signal: Float64Array,
  out: Float64Array,
  n: number,
  sampleRateHz: number,
  cutoffHz: number,
  scratch: Float64Array,
): void {
  if (n < 3) {
    for (let i = 0; i < n; i++) out[i] = signal[i] ?? 0;
    return;
  }
  const { b0, a1, a2 } = biquadCoefficients(sampleRateHz, cutoffHz);

  const pad = Math.min(n - 1, filterPadding(sampleRateHz, cutoffHz));
  padded(signal, n, pad, scratch);
  const m = n + 2 * pad;

  biquadPass(scratch, 0, m, 1, b0, a1, a2);
  biquadPass(scratch, m - 1, m, -1, b0, a1, a2);
  copyOut(scratch, pad, out, n);
}

/*
 * The walks over the frames are functions of their own, here and in lowPassZeroLagPair: a loop of 18,000 frames
 * inside the filter made V8 compile the filter on the loop's back edge (on-stack replacement) before the code after
 * the loop had run, and that code then fell back to the interpreter at every call.
 */

/** The signal with `pad` samples reflected at each end. */
function padded(signal: Float64Array, n: number, pad: number, into: Float64Array): void {
  const first = signal[0] ?? 0;
  const last = signal[n - 1] ?? 0;
  // Odd reflection keeps the slope continuous at the ends, so no false extremum appears there.
  for (let i = 0; i < pad; i++) into[i] = 2 * first - (signal[pad - i] ?? 0);
  for (let i = 0; i < n; i++) into[pad + i] = signal[i] ?? 0;
  for (let i = 0; i < pad; i++) into[pad + n + i] = 2 * last - (signal[n - 2 - i] ?? 0);
}

function copyOut(from: Float64Array, at: number, out: Float64Array, n: number): void {
  for (let i = 0; i < n; i++) out[i] = from[at + i] ?? 0;
}

/** The low-pass biquad's coefficients (b1 = 2 b0, b2 = b0) for the two-pass cutoff. */
function biquadCoefficients(sampleRateHz: number, cutoffHz: number): { b0: number; a1: number; a2: number } {
  // Near or above Nyquist the filter has nothing to remove; keep the design frequency just below it.
  const design = Math.min(cutoffHz / TWO_PASS_CORRECTION, 0.45 * sampleRateHz);
  const k = Math.tan((Math.PI * design) / sampleRateHz);
  const norm = 1 / (1 + Math.SQRT2 * k + k * k);
  const b0 = k * k * norm;
  const a1 = 2 * (k * k - 1) * norm;
  const a2 = (1 - Math.SQRT2 * k + k * k) * norm;
  return { b0, a1, a2 };
}

/**
 * Filters two signals of length n in place, each exactly as lowPassZeroLag would (the same operations in the same
 * order, so the same bits): the two recursions interleaved, so that one's multiply–add chain runs while the other's
 * waits, which nearly halves the time of two separate calls. scratch must hold 2 × (n + 2 × filterPadding).
 */
export function lowPassZeroLagPair(
  a: Float64Array,
  b: Float64Array,
  n: number,
  sampleRateHz: number,
  cutoffHz: number,
  scratch: Float64Array,
): void {
  if (n < 3) return;
  const { b0, a1, a2 } = biquadCoefficients(sampleRateHz, cutoffHz);
  const pad = Math.min(n - 1, filterPadding(sampleRateHz, cutoffHz));
  const m = n + 2 * pad;
  // Interleaved: a's sample i at 2i, b's at 2i + 1; each reflected at its ends as in lowPassZeroLag.
  const [firstA, lastA, firstB, lastB] = [a[0] ?? 0, a[n - 1] ?? 0, b[0] ?? 0, b[n - 1] ?? 0];
  for (let i = 0; i < pad; i++) {
    scratch[2 * i] = 2 * firstA - (a[pad - i] ?? 0);
    scratch[2 * i + 1] = 2 * firstB - (b[pad - i] ?? 0);
    scratch[2 * (pad + n + i)] = 2 * lastA - (a[n - 2 - i] ?? 0);
    scratch[2 * (pad + n + i) + 1] = 2 * lastB - (b[n - 2 - i] ?? 0);
  }
  interleave(a, b, n, scratch, 2 * pad);
  biquadPairPass(scratch, 0, m, 1, b0, a1, a2);
  biquadPairPass(scratch, m - 1, m, -1, b0, a1, a2);
  deinterleave(scratch, 2 * pad, a, b, n);
}

function interleave(a: Float64Array, b: Float64Array, n: number, into: Float64Array, at: number): void {
  for (let i = 0, j = at; i < n; i++, j += 2) {
    into[j] = a[i] ?? 0;
    into[j + 1] = b[i] ?? 0;
  }
}

function deinterleave(from: Float64Array, at: number, a: Float64Array, b: Float64Array, n: number): void {
  for (let i = 0, j = at; i < n; i++, j += 2) {
    a[i] = from[j] ?? 0;
    b[i] = from[j + 1] ?? 0;
  }
}

/** biquadPass on two interleaved signals at once. */
function biquadPairPass(
  x: Float64Array,
  start: number,
  m: number,
  step: number,
  b0: number,
  a1: number,
  a2: number,
): void {
  const initialA = x[2 * start] ?? 0;
  const initialB = x[2 * start + 1] ?? 0;
  let ax1 = initialA;
  let ax2 = initialA;
  let ay1 = initialA;
  let ay2 = initialA;
  let bx1 = initialB;
  let bx2 = initialB;
  let by1 = initialB;
  let by2 = initialB;
  for (let c = 0, i = 2 * start; c < m; c++, i += 2 * step) {
    const ax0 = x[i] ?? 0;
    const bx0 = x[i + 1] ?? 0;
    const ay0 = b0 * (ax0 + 2 * ax1 + ax2) - a1 * ay1 - a2 * ay2;
    const by0 = b0 * (bx0 + 2 * bx1 + bx2) - a1 * by1 - a2 * by2;
    x[i] = ay0;
    x[i + 1] = by0;
    ax2 = ax1;
    ax1 = ax0;
    ay2 = ay1;
    ay1 = ay0;
    bx2 = bx1;
    bx1 = bx0;
    by2 = by1;
    by1 = by0;
  }
}

/** One in-place pass of the low-pass biquad (b1 = 2 b0, b2 = b0), started in steady state at the first sample. */
function biquadPass(x: Float64Array, start: number, m: number, step: number, b0: number, a1: number, a2: number): void {
  const initial = x[start] ?? 0;
  let x1 = initial;
  let x2 = initial;
  let y1 = initial;
  let y2 = initial;
  for (let c = 0, i = start; c < m; c++, i += step) {
    const x0 = x[i] ?? 0;
    const y0 = b0 * (x0 + 2 * x1 + x2) - a1 * y1 - a2 * y2;
    x[i] = y0;
    x2 = x1;
    x1 = x0;
    y2 = y1;
    y1 = y0;
  }
}
