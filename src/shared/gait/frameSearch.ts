/** Index of the first frame whose time is at least t (n if none): a binary search, so per-event lookups stay cheap. */
export function firstFrameFrom(times: Float64Array, n: number, t: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((times[mid] ?? 0) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
