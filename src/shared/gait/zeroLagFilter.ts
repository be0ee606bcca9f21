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
  // Near or above Nyquist the filter has nothing to remove; keep the design frequency just below it.
  const design = Math.min(cutoffHz / TWO_PASS_CORRECTION, 0.45 * sampleRateHz);
  const k = Math.tan((Math.PI * design) / sampleRateHz);
  const norm = 1 / (1 + Math.SQRT2 * k + k * k);
  const b0 = k * k * norm;
  const a1 = 2 * (k * k - 1) * norm;
  const a2 = (1 - Math.SQRT2 * k + k * k) * norm;

  const pad = Math.min(n - 1, filterPadding(sampleRateHz, cutoffHz));
  const first = signal[0] ?? 0;
  const last = signal[n - 1] ?? 0;
  // Odd reflection keeps the slope continuous at the ends, so no false extremum appears there.
  for (let i = 0; i < pad; i++) scratch[i] = 2 * first - (signal[pad - i] ?? 0);
  for (let i = 0; i < n; i++) scratch[pad + i] = signal[i] ?? 0;
  for (let i = 0; i < pad; i++) scratch[pad + n + i] = 2 * last - (signal[n - 2 - i] ?? 0);
  const m = n + 2 * pad;

  biquadPass(scratch, 0, m, 1, b0, a1, a2);
  biquadPass(scratch, m - 1, m, -1, b0, a1, a2);
  for (let i = 0; i < n; i++) out[i] = scratch[pad + i] ?? 0;
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
