import { median } from './orderStatistics.ts';

/**
 * The foot's vertical velocity and, per Zeni extremum (in their order), the lag to the event the velocity shows
 * there (frames; undefined where it shows none), and the contact troughs' depths.
 */
export type ContactCues = {
  velocity: Float64Array;
  strikeLags: (number | undefined)[];
  offLags: (number | undefined)[];
  troughs: number[];
};

/**
 * How long after Zeni's extrema (zeniEvents.ts) a foot's contacts come, in frames. The foot's vertical velocity
 * gives one lag per stride (footVelocityEvents.ts); their median places every event of the walk. Where the lags
 * agree — markers, a well-tracked foot — they are the foot's own: a foot that lands flat or on its forefoot (a
 * steppage or an antalgic gait) lands at another lag than one that rolls over its heel. Where they scatter — a noisy
 * foot joint, whose velocity troughs noise moves or invents — no median of them is better than the lags on the
 * reference trials, and those are used.
 *
 * `fromVelocity`: whether the foot's velocity gave them, and so can be trusted for single events: an event whose
 * own lag is within `tolerance` of the walk's keeps it (the foot velocity algorithm as published), and contacts
 * where Zeni's extrema are missing (the bout's ends) are looked for in the velocity.
 */
export type EventLags = { strike: number; off: number; fromVelocity: boolean; tolerance: number };

/**
 * The lags on the Vicon reference trials, as fractions of the stride: the heel lands 60 ms (0.055 of a stride)
 * after the ankle's furthest reach ahead, and the toes leave 5–10 ms after the toe's furthest reach back (Zeni et
 * al. 2008 placed toe off at the toe marker's minimum within about 10 ms of force plates).
 */
const REFERENCE_STRIKE_LAG = 0.05;
const REFERENCE_OFF_LAG = 0.01;
/**
 * Lags agree when their median absolute deviation is under AGREEMENT of a stride (35 ms at 1.1 s; on the Vicon
 * trials it is 1–3 ms, on the synthetic walker's Kinect-like noise 5–15 ms, on real Kinect v1 feet 60–90 ms) and
 * their median is known to PRECISION of a stride (11 ms): four noisy lags that happen to lie close together do not
 * make a walk's lag, and a walk's lag that changes with the excerpt would move its phases from one walk to the next.
 */
const AGREEMENT = 0.03;
const PRECISION = 0.01;
/** A foot's own lags are used from this many strides; fewer, both feet's pooled. */
const OWN_LAGS = 3;
const POOLED_LAGS = 4;

export function eventLags(cues: readonly [ContactCues, ContactCues], strideFrames: number): [EventLags, EventLags] {
  const [left, right] = cues;
  const lag = (ownLags: (number | undefined)[], otherLags: (number | undefined)[]): number | undefined => {
    const [own, other] = [found(ownLags), found(otherLags)];
    if (own.length >= OWN_LAGS && agree(own, strideFrames)) return median(own);
    const pooled = [...own, ...other];
    return pooled.length >= POOLED_LAGS && agree(pooled, strideFrames) ? median(pooled) : undefined;
  };
  const lags = (own: ContactCues, other: ContactCues): EventLags => {
    const strike = lag(own.strikeLags, other.strikeLags);
    const off = lag(own.offLags, other.offLags);
    const fromVelocity = strike !== undefined && off !== undefined;
    // The toe-off peak is the foot's fastest rise, plain even where a foot landing flat leaves a shallow contact
    // trough; a velocity whose peaks scatter is noise, and contact troughs that happen to agree beside them are too.
    return {
      strike: fromVelocity ? strike : REFERENCE_STRIKE_LAG * strideFrames,
      off: off ?? REFERENCE_OFF_LAG * strideFrames,
      fromVelocity,
      tolerance: 2 * AGREEMENT * strideFrames,
    };
  };
  return [lags(left, right), lags(right, left)];
}

const found = (lags: (number | undefined)[]) => lags.filter((x): x is number => x !== undefined);

function agree(lags: readonly number[], strideFrames: number): boolean {
  const centre = median(lags);
  const deviation = median(lags.map((x) => Math.abs(x - centre)));
  // The median's standard error is about 1.25 × 1.48 × MAD ÷ √n for normal scatter.
  const uncertainty = (1.86 * deviation) / Math.sqrt(lags.length);
  return deviation <= AGREEMENT * strideFrames && uncertainty <= PRECISION * strideFrames;
}
