/** Any typed array of instance matrices (three.js types InstancedMesh.instanceMatrix.array as any typed array). */
export type MatrixArray = { [index: number]: number };

/**
 * Writes one limb's instance matrix (column-major, at `at` in `out`) for a unit cylinder along y centred on the
 * origin: scaled to `radius` across and to the bone's length along, turned onto the bone and moved to its middle. The
 * rotation takes y onto the bone's unit direction d by the shortest turn (Rodrigues about y × d), so no allocation
 * is needed per frame. A bone of zero length gets a zero matrix and is not drawn.
 */
export function writeLimbMatrix(
  pose: Float32Array,
  from: number,
  to: number,
  radius: number,
  out: MatrixArray,
  at: number,
): void {
  const ax = pose[from * 3] ?? 0;
  const ay = pose[from * 3 + 1] ?? 0;
  const az = pose[from * 3 + 2] ?? 0;
  const vx = (pose[to * 3] ?? 0) - ax;
  const vy = (pose[to * 3 + 1] ?? 0) - ay;
  const vz = (pose[to * 3 + 2] ?? 0) - az;
  const length = Math.hypot(vx, vy, vz);
  if (length < 1e-6) {
    for (let i = at; i < at + 16; i++) out[i] = 0;
    return;
  }
  const [dx, dy, dz] = [vx / length, vy / length, vz / length];
  // Rotation taking (0, 1, 0) onto d: axis k = y × d = (dz, 0, −dx), cos = dy; R = I + [k]× + [k]×²/(1 + cos).
  // Straight down (cos = −1) has no unique axis: a half turn about z, as three.js takes.
  let r00, r01, r02, r10, r11, r12, r20, r21, r22;
  if (dy < -0.999999) {
    [r00, r01, r02, r10, r11, r12, r20, r21, r22] = [-1, 0, 0, 0, -1, 0, 0, 0, 1];
  } else {
    const f = 1 / (1 + dy);
    r00 = 1 - dx * dx * f;
    r01 = dx;
    r02 = -dx * dz * f;
    r10 = -dx;
    r11 = dy;
    r12 = -dz;
    r20 = -dx * dz * f;
    r21 = dz;
    r22 = 1 - dz * dz * f;
  }
  // Columns: x scaled by radius, y by length, z by radius; then the bone's middle.
  out[at] = r00 * radius;
  out[at + 1] = r10 * radius;
  out[at + 2] = r20 * radius;
  out[at + 3] = 0;
  out[at + 4] = r01 * length;
  out[at + 5] = r11 * length;
  out[at + 6] = r21 * length;
  out[at + 7] = 0;
  out[at + 8] = r02 * radius;
  out[at + 9] = r12 * radius;
  out[at + 10] = r22 * radius;
  out[at + 11] = 0;
  out[at + 12] = ax + vx / 2;
  out[at + 13] = ay + vy / 2;
  out[at + 14] = az + vz / 2;
  out[at + 15] = 1;
}
