import type { FootSignals } from './boutSignals.ts';
import { firstFrameFrom } from './frameSearch.ts';
import { sharedCoefficient, type ApproachMoments } from './splitMisfit.ts';
import { CORE_MARGIN, locateContact, type ContactEvent, type Still, type Trajectory } from './twoPhaseRegression.ts';
import type { Extrema } from './zeniEvents.ts';

/**
 * Refines Zeni's events to the moments the foot reaches and leaves the floor. The heel-minus-pelvis maximum comes
 * when the decelerating swing foot slows to the pelvis's speed, shortly before contact; the toe-minus-pelvis minimum
 * when the accelerating foot reaches that speed, shortly after toe off. Between them the foot stands still, so
 * contact begins where the heel's path joins its still position and ends where the toe's path leaves it (the idea
 * of Ghoussayni et al. 2004, Gait & Posture 20:266–272, located to a fraction of a frame by two-phase regression).
 *
 * Fitted alone, each contact's time trades off against the shape of its approach: jitter that makes the heel look
 * slower on its last frames before landing moves the landing later, and one that makes the toe look faster moves
 * take-off earlier. In steady walking a foot lands at much the same speed and takes off with much the same
 * acceleration every stride, so once every contact has been fitted alone, each foot's heel strikes share one
 * landing speed and its toe offs one take-off curvature (a robust mean of their own fits, sharedCoefficient), and
 * every contact is fitted again with it. The contact times lose the skew, which would otherwise bias the gaps
 * between events (double support most), and most of their scatter.
 */
export type Stance = {
  /**
   * The foot (mean of heel and toe) on the floor: position at t0 and velocity, fitted over mid-stance from `from` to
   * `to` (zero velocity on a still floor); null if too little of the stance was seen.
   */
  floor: {
    x: number;
    y: number;
    z: number;
    vx: number;
    vy: number;
    vz: number;
    t0: number;
    from: number;
    to: number;
  } | null;
  /** Bout seconds of the contact that began it and the toe off that ended it; null if outside the data. */
  heelStrike: number | null;
  toeOff: number | null;
};
/** Events in time order; `guessed` holds those left at Zeni's estimate because the data could not place them. */
export type FootContacts = { heelStrikes: number[]; toeOffs: number[]; stances: Stance[]; guessed: Set<number> };

/** The longest one-sided average of the still position, seconds. */
const CORE_ONE_SIDED = 0.25;

type Bout = { heel: Trajectory; toe: Trajectory; dt: number; end: number; movingFloor: boolean };
/** One stance as first seen: Zeni's events around it, its mid-stance span, where heel and toe rested, the fits. */
type StanceFit = {
  heel: number | null;
  toe: number | null;
  from: number;
  to: number;
  heelStill?: Still;
  toeStill?: Still;
  heelFit?: number;
  toeFit?: number;
  /** The approach's moments about each fitted time, for the foot's shared coefficients. */
  heelMoments: ApproachMoments;
  toeMoments: ApproachMoments;
};

/** Contacts of one foot from Zeni's heel strikes (heel maxima) and toe offs (toe minima), in time order. */
export function refineContacts(
  foot: FootSignals,
  times: Float64Array,
  n: number,
  sampleRate: number,
  stride: number,
  heelMaxima: Extrema,
  toeMinima: Extrema,
  scratch: Float64Array,
  movingFloor: boolean,
): FootContacts {
  const track = (joint: FootSignals['heel']): Trajectory => ({ joint, times, n, stride, scratch });
  const bout: Bout = {
    heel: track(foot.heel),
    toe: track(foot.toe),
    dt: 1 / sampleRate,
    end: times[n - 1] ?? 0,
    movingFloor,
  };
  const fits = pairStances(heelMaxima.times, toeMinima.times).map(([heel, toe]) => fitStance(bout, heel, toe));
  shareApproach(bout, fits, 'heel-strike');
  shareApproach(bout, fits, 'toe-off');
  const contacts: FootContacts = { heelStrikes: [], toeOffs: [], stances: [], guessed: new Set() };
  for (const fit of fits) {
    const heelStrike = settle(fit.heel, fit.heelFit, contacts);
    const toeOff = settle(fit.toe, fit.toeFit, contacts);
    if (heelStrike !== null) contacts.heelStrikes.push(heelStrike);
    if (toeOff !== null) contacts.toeOffs.push(toeOff);
    const { heelStill: h, toeStill: t } = fit;
    const mean = (a: number, b: number) => (a + b) / 2;
    const floor =
      h && t
        ? {
            x: mean(h.x, t.x),
            y: mean(h.y, t.y),
            z: mean(h.z, t.z),
            vx: mean(h.vx, t.vx),
            vy: mean(h.vy, t.vy),
            vz: mean(h.vz, t.vz),
            t0: mean(h.t0, t.t0),
            from: fit.from,
            to: fit.to,
          }
        : null;
    contacts.stances.push({ floor, heelStrike, toeOff });
  }
  return contacts;
}

/** Each heel strike with the toe off that follows before the next heel strike; a leading toe off ends a stance begun before the data. */
function pairStances(strikes: number[], offs: number[]): [number | null, number | null][] {
  const pairs: [number | null, number | null][] = [];
  let j = 0;
  if ((offs[0] ?? Infinity) < (strikes[0] ?? Infinity)) pairs.push([null, offs[j++] ?? null]);
  for (let i = 0; i < strikes.length; i++) {
    const heel = strikes[i] ?? 0;
    while (j < offs.length && (offs[j] ?? 0) <= heel) j++;
    const toe = j < offs.length && (offs[j] ?? 0) < (strikes[i + 1] ?? Infinity) ? (offs[j++] ?? null) : null;
    pairs.push([heel, toe]);
  }
  return pairs;
}

function fitStance(bout: Bout, heel: number | null, toe: number | null): StanceFit {
  const { end } = bout;
  let from = heel !== null ? heel + CORE_MARGIN : Math.max(0, (toe ?? 0) - CORE_MARGIN - CORE_ONE_SIDED);
  let to = toe !== null ? toe - CORE_MARGIN : Math.min(end, (heel ?? 0) + CORE_MARGIN + CORE_ONE_SIDED);
  if (to < from) from = to = (from + to) / 2;
  const fit: StanceFit = {
    heel,
    toe,
    from,
    to,
    heelStill: stillPosition(bout.heel, from, to, bout.movingFloor),
    toeStill: stillPosition(bout.toe, from, to, bout.movingFloor),
    heelMoments: { s2: 0, s3: 0, s4: 0, d1: 0, d2: 0 },
    toeMoments: { s2: 0, s3: 0, s4: 0, d1: 0, d2: 0 },
  };
  locate(bout, fit, 'heel-strike', NaN);
  locate(bout, fit, 'toe-off', NaN);
  return fit;
}

/** Fits the stance's heel strike or toe off, with its own approach (shared NaN) or the foot's shared one. */
function locate(bout: Bout, fit: StanceFit, event: ContactEvent, shared: number): void {
  const { dt } = bout;
  if (event === 'heel-strike') {
    if (fit.heel !== null && fit.heelStill)
      fit.heelFit = locateContact(bout.heel, fit.heelStill, fit.heel, event, dt, shared, fit.heelMoments);
  } else if (fit.toe !== null && fit.toeStill) {
    fit.toeFit = locateContact(bout.toe, fit.toeStill, fit.toe, event, dt, shared, fit.toeMoments);
  }
}

/** Refits the foot's heel strikes with their shared landing speed, or its toe offs with their shared take-off curvature. */
function shareApproach(bout: Bout, fits: StanceFit[], event: ContactEvent): void {
  const heel = event === 'heel-strike';
  const fitted = fits
    .filter((f) => (heel ? f.heelFit : f.toeFit) !== undefined)
    .map((f) => (heel ? f.heelMoments : f.toeMoments));
  const shared = sharedCoefficient(fitted, heel);
  if (Number.isFinite(shared)) for (const fit of fits) locate(bout, fit, event, shared);
}

/** The event's final time: its fit, or Zeni's estimate (noted as guessed) when the data could not place it. */
function settle(zeni: number | null, fit: number | undefined, contacts: FootContacts): number | null {
  if (zeni === null) return null;
  if (fit !== undefined) return fit;
  contacts.guessed.add(zeni);
  return zeni;
}

/**
 * The joint on the floor over [from, to]: its mean position at the mean time, and, on a moving floor, its velocity
 * (a least-squares line per axis); with the per-axis variance of the residual jitter. Needs two measured frames.
 */
function stillPosition(
  { joint: { position: joint, measured }, times, n }: Trajectory,
  from: number,
  to: number,
  moving: boolean,
): Still | undefined {
  const first = firstFrameFrom(times, n, from);
  // Sums about the first frame: on a walk far from the sensor, squares of raw coordinates would lose the jitter.
  const ox = joint[3 * first] ?? 0;
  const oy = joint[3 * first + 1] ?? 0;
  const oz = joint[3 * first + 2] ?? 0;
  const t00 = times[first] ?? 0;
  let count = 0,
    st = 0,
    stt = 0,
    sx = 0,
    sy = 0,
    sz = 0,
    squares = 0,
    stx = 0,
    sty = 0,
    stz = 0;
  for (let k = first; k < n && (times[k] ?? 0) <= to; k++) {
    if (measured[k] === 0) continue;
    const t = (times[k] ?? 0) - t00;
    const dx = (joint[3 * k] ?? 0) - ox;
    const dy = (joint[3 * k + 1] ?? 0) - oy;
    const dz = (joint[3 * k + 2] ?? 0) - oz;
    count++;
    st += t;
    stt += t * t;
    sx += dx;
    sy += dy;
    sz += dz;
    squares += dx * dx + dy * dy + dz * dz;
    stx += t * dx;
    sty += t * dy;
    stz += t * dz;
  }
  if (count < 2) return undefined;
  const tm = st / count;
  const mx = sx / count;
  const my = sy / count;
  const mz = sz / count;
  const spread = stt / count - tm * tm;
  const slope = (cross: number, mean: number) => (moving && spread > 1e-9 ? (cross / count - tm * mean) / spread : 0);
  const vx = slope(stx, mx);
  const vy = slope(sty, my);
  const vz = slope(stz, mz);
  // Residual variance: total spread about the means, less what the fitted velocity explains.
  const explained = (vx * vx + vy * vy + vz * vz) * spread;
  const variance = Math.max(0, squares / count - mx * mx - my * my - mz * mz - explained) / 3;
  return { x: ox + mx, y: oy + my, z: oz + mz, vx, vy, vz, t0: t00 + tm, variance };
}
