import type { FootSignals } from './boutSignals.ts';
import { firstFrameFrom } from './frameSearch.ts';
import { CORE_MARGIN, locateContact, type Still, type Trajectory } from './twoPhaseRegression.ts';
import type { Extrema } from './zeniEvents.ts';

/**
 * Refines Zeni's events to the moments the foot reaches and leaves the floor. The heel-minus-pelvis maximum comes
 * when the decelerating swing foot slows to the pelvis's speed, shortly before contact; the toe-minus-pelvis minimum
 * when the accelerating foot reaches that speed, shortly after toe off. Between them the foot stands still, so
 * contact begins where the heel's path joins its still position and ends where the toe's path leaves it (the idea
 * of Ghoussayni et al. 2004, Gait & Posture 20:266–272, located to a fraction of a frame by two-phase regression).
 */
export type Stance = {
  /**
   * The foot (mean of heel and toe) on the floor: position at t0 and velocity, fitted over mid-stance from `from` to
   * `to` (zero velocity on a still floor); null if too little of the stance was seen.
   */
  floor: { x: number; y: number; z: number; vx: number; vy: number; vz: number; t0: number; from: number; to: number } | null;
  /** Bout seconds of the contact that began it and the toe off that ended it; null if outside the data. */
  heelStrike: number | null;
  toeOff: number | null;
};
/** Events in time order; `guessed` holds those left at Zeni's estimate because the data could not place them. */
export type FootContacts = { heelStrikes: number[]; toeOffs: number[]; stances: Stance[]; guessed: Set<number> };

/** The longest one-sided average of the still position, seconds. */
const CORE_ONE_SIDED = 0.25;


type Bout = { heel: Trajectory; toe: Trajectory; dt: number; end: number; movingFloor: boolean };
type StanceFit = {
  heel: number | null;
  toe: number | null;
  from: number;
  to: number;
  heelStill?: Still;
  toeStill?: Still;
  heelFit?: number;
  toeFit?: number;
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
  const bout: Bout = { heel: track(foot.heel), toe: track(foot.toe), dt: 1 / sampleRate, end: times[n - 1] ?? 0, movingFloor };
  const fits = pairStances(heelMaxima.times, toeMinima.times).map(([heel, toe]) => fitStance(bout, heel, toe));
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
        ? { x: mean(h.x, t.x), y: mean(h.y, t.y), z: mean(h.z, t.z), vx: mean(h.vx, t.vx), vy: mean(h.vy, t.vy), vz: mean(h.vz, t.vz), t0: h.t0, from: fit.from, to: fit.to }
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
  const { dt, end } = bout;
  let from = heel !== null ? heel + CORE_MARGIN : Math.max(0, (toe ?? 0) - CORE_MARGIN - CORE_ONE_SIDED);
  let to = toe !== null ? toe - CORE_MARGIN : Math.min(end, (heel ?? 0) + CORE_MARGIN + CORE_ONE_SIDED);
  if (to < from) from = to = (from + to) / 2;
  const pass: StanceFit = {
    heel,
    toe,
    from,
    to,
    heelStill: stillPosition(bout.heel, from, to, bout.movingFloor),
    toeStill: stillPosition(bout.toe, from, to, bout.movingFloor),
  };
  if (heel !== null && pass.heelStill) pass.heelFit = locateContact(bout.heel, pass.heelStill, heel, 'heel-strike', dt);
  if (toe !== null && pass.toeStill) pass.toeFit = locateContact(bout.toe, pass.toeStill, toe, 'toe-off', dt);
  return pass;
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
function stillPosition({ joint: { position: joint, measured }, times, n }: Trajectory, from: number, to: number, moving: boolean): Still | undefined {
  const first = firstFrameFrom(times, n, from);
  let count = 0;
  let st = 0;
  let stt = 0;
  const s = [0, 0, 0];
  const sq = [0, 0, 0];
  const stp = [0, 0, 0];
  // Sums about the first frame: on a walk far from the sensor, squares of raw coordinates would lose the jitter.
  const origin = [joint[3 * first] ?? 0, joint[3 * first + 1] ?? 0, joint[3 * first + 2] ?? 0];
  const t00 = times[first] ?? 0;
  for (let k = first; k < n && (times[k] ?? 0) <= to; k++) {
    if (measured[k] === 0) continue;
    const t = (times[k] ?? 0) - t00;
    st += t;
    stt += t * t;
    for (let a = 0; a < 3; a++) {
      const d = (joint[3 * k + a] ?? 0) - (origin[a] ?? 0);
      s[a] = (s[a] ?? 0) + d;
      sq[a] = (sq[a] ?? 0) + d * d;
      stp[a] = (stp[a] ?? 0) + t * d;
    }
    count++;
  }
  if (count < 2) return undefined;
  const tMean = st / count;
  const tVariance = stt / count - tMean * tMean;
  const line = [0, 1, 2].map((a) => {
    const mean = (s[a] ?? 0) / count;
    const covariance = (stp[a] ?? 0) / count - tMean * mean;
    const velocity = moving && tVariance > 1e-9 ? covariance / tVariance : 0;
    const residual = (sq[a] ?? 0) / count - mean * mean - velocity * covariance;
    return { position: (origin[a] ?? 0) + mean, velocity, residual: Math.max(0, residual) };
  });
  const [x, y, z] = line as [(typeof line)[0], (typeof line)[0], (typeof line)[0]];
  return {
    x: x.position,
    y: y.position,
    z: z.position,
    vx: x.velocity,
    vy: y.velocity,
    vz: z.velocity,
    t0: t00 + tMean,
    variance: (x.residual + y.residual + z.residual) / 3,
  };
}
