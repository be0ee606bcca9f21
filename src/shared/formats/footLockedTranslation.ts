/**
 * Restores the walker's travel to body-centred frames (MediaPipe's world landmarks keep the hips at the origin in
 * every frame). Walking has no flight phase: some point of a foot is always on the floor and, while it bears
 * weight, does not move (Perry & Burnfield 2010, Gait Analysis: Normal and Pathological Function). So from frame to
 * frame the body moves across the floor by minus the horizontal displacement, relative to the hips, of its lowest
 * foot point (a heel or a toe), taken from the points tracked in both frames; summed over the frames this gives the
 * pelvis's path. Its height is the one that keeps the lowest foot point on the floor, where it was in the first
 * frame: summing the vertical displacements too would count each landing heel's last fall as a rise of the body,
 * and a level walk would climb. Every joint is then moved with the pelvis. In place: positions at
 * (f × width + j) × 3 + a, NaN untracked.
 */
export function addFootLockedTranslation(
  positions: Float32Array,
  frames: number,
  width: number,
  contactPoints: readonly number[],
): void {
  let [tx, tz] = [0, 0];
  const at = (f: number, j: number, a: number) => positions[(f * width + j) * 3 + a] ?? Number.NaN;
  const lowestAt = (f: number) => Math.min(...contactPoints.map((j) => at(f, j, 1)).filter((y) => !Number.isNaN(y)));
  const floor = lowestAt(0);
  const shifts = new Float64Array(frames * 3);
  let ty = 0;
  for (let f = 1; f < frames; f++) {
    let contact = -1;
    let lowest = Infinity;
    for (const j of contactPoints) {
      const y = at(f, j, 1);
      if (
        Number.isNaN(y) ||
        Number.isNaN(at(f - 1, j, 1)) ||
        Number.isNaN(at(f, j, 0)) ||
        Number.isNaN(at(f - 1, j, 0))
      ) {
        continue;
      }
      if (y < lowest) [lowest, contact] = [y, j];
    }
    if (contact >= 0) {
      tx -= at(f, contact, 0) - at(f - 1, contact, 0);
      tz -= at(f, contact, 2) - at(f - 1, contact, 2);
    }
    const standing = lowestAt(f);
    if (Number.isFinite(standing) && Number.isFinite(floor)) ty = floor - standing;
    shifts.set([tx, ty, tz], f * 3);
  }
  for (let f = 1; f < frames; f++) {
    for (let j = 0; j < width; j++) {
      for (let a = 0; a < 3; a++) positions[(f * width + j) * 3 + a] = at(f, j, a) + (shifts[f * 3 + a] ?? 0);
    }
  }
}
