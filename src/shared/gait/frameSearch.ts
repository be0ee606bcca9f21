/**
 * Index of the first frame whose time is at least t (n if none). Frames come at a nearly steady rate, so the index is
 * first guessed from the mean rate and then walked to; a long walk (uneven timestamps) falls back to bisection.
 */
export function firstFrameFrom(times: Float64Array, n: number, t: number): number {
  if (n === 0) return 0;
  const first = times[0] ?? 0;
  const last = times[n - 1] ?? 0;
  if (!(t > first)) return 0;
  if (t > last) return n;
  let k = Math.min(n - 1, Math.max(0, Math.floor(((t - first) / (last - first)) * (n - 1))));
  for (let steps = 0; steps < 8; steps++) {
    if ((times[k] ?? 0) < t) k++;
    else if (k > 0 && (times[k - 1] ?? 0) >= t) k--;
    else return k;
  }
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((times[mid] ?? 0) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
