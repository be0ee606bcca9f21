import { addCycle, gaitCycles, trimmedCycles, type GaitCycles } from './gaitCycles.ts';
import type { Side } from './gaitResult.ts';
import { median } from './orderStatistics.ts';
import type { Vector } from './progression.ts';
import type { FootContacts, Stance } from './stanceFootprints.ts';
import { follows, sideOf, sortedEvents, strikesOf, type GaitEvents, type Stretch } from './gaitEventOrder.ts';

/**
 * The walk as one sequence of both feet's events. In walking every heel strike is followed by the other foot's toe
 * off, that foot's heel strike, this foot's toe off and this foot's next heel strike (Perry & Burnfield 2010, Gait
 * Analysis: Normal and Pathological Function): four events a step apart, alternating. Where the sequence breaks
 * (a foot lost or swapped by the sensor, a turn, standing still) or a step's duration does not fit the steps beside
 * it (a missed stride, a contact found twice), the walk is cut; only runs of at least one whole stride count. Steps,
 * cycles, step count and duration all come from these runs, so cadence, step time and stride time describe the same
 * steps and agree.
 */
export type TimedStep = {
  side: Side;
  /** Bout seconds of this foot's heel strike, and the time since the other foot's. */
  strike: number;
  time: number;
  /** This foot's stance begun at the strike, and the other foot's, which bears the weight until after it. */
  own: Stance | undefined;
  support: Stance | undefined;
};
export type Run = { start: number; end: number };
export type WalkSequence = {
  runs: Run[];
  cycles: Record<Side, GaitCycles>;
  steps: TimedStep[];
  /** From each run's first heel strike to its last, summed. */
  duration: number;
  events: Record<Side, { heelStrikes: number[]; toeOffs: number[] }>;
};

/**
 * A toe off may come this much of a stride before the other foot's heel strike that should precede it: walking has
 * no flight phase, but a 30 Hz sensor places each event within a frame or so (33 ms, 3% of a stride), and a short
 * double support (a brisk or limping walk, about 5% of the cycle) can then come out negative; it counts as 0.
 */
const OVERLAP_SLACK = 0.08;
/**
 * A stride further than this from the typical one hides a missed or invented stride; a step outside this share of
 * the typical stride is not a step (a missed or doubled contact). Stride-to-stride variability is 2–4% in healthy
 * adults and up to about 10% in pathological gait (Hausdorff 2005), and step-time asymmetry after a stroke reaches
 * about 0.35 : 0.65 of the stride (Patterson et al. 2010, Stroke 41:2006–2010 report ratios to 1.5).
 */
const STRIDE_RANGE = [0.7, 1.4] as const;
const STEP_SHARE = [0.2, 0.8] as const;
/** No two successive events of walking are further apart than a swing (about 0.4 of a stride) and some. */
const MAX_EVENT_GAP = 0.7;
/** A step turning by more than this (60°) is a turn; a curving walk turns by 5–10° a step. */
const MAX_TURN = Math.PI / 3;
/** Zeni's stride estimate only sorts the candidates: strides within this range of it give the typical stride. */
const PRIOR_RANGE = [0.67, 1.5] as const;

/**
 * `heading(t)`: the unit direction of progression at bout time t. A step across which it turns by more than
 * MAX_TURN is a turn, not a step of the walk: the feet then pivot and shuffle (and a sensor watching from the side
 * swaps them), so its timing and length describe no stride.
 */
export function walkSequence(
  left: FootContacts,
  right: FootContacts,
  strideEstimate: number,
  heading: (t: number) => Vector,
): WalkSequence {
  const events = sortedEvents(left, right, OVERLAP_SLACK * strideEstimate);
  const { t } = events;
  const chains: Stretch[] = [];
  let from = 0;
  for (let i = 1; i < events.count; i++) {
    if (!follows(events, i - 1, i) || (t[i] ?? 0) - (t[i - 1] ?? 0) > MAX_EVENT_GAP * strideEstimate) {
      chains.push({ from, to: i });
      from = i;
    }
  }
  chains.push({ from, to: events.count });
  const stride = typicalStride(events, chains, strideEstimate);
  const straight = (a: number, b: number) => {
    const [u, v] = [heading(a), heading(b)];
    return u.x * v.x + u.y * v.y + u.z * v.z >= Math.cos(MAX_TURN);
  };
  const runs = chains
    .flatMap((c) => splitAtOddSteps(events, c, stride, straight))
    .filter((c) => strikesOf(events, c).length >= 3);
  return describe(events, runs, stanceByStrike(left), stanceByStrike(right));
}

/** The median stride over consecutive step pairs of the chains, among those near Zeni's estimate. */
function typicalStride(events: GaitEvents, chains: Stretch[], estimate: number): number {
  const { t } = events;
  const strides: number[] = [];
  for (const chain of chains) {
    const strikes = strikesOf(events, chain);
    for (let i = 2; i < strikes.length; i++) {
      const stride = (t[strikes[i] ?? 0] ?? 0) - (t[strikes[i - 2] ?? 0] ?? 0);
      if (stride > PRIOR_RANGE[0] * estimate && stride < PRIOR_RANGE[1] * estimate) strides.push(stride);
    }
  }
  return strides.length === 0 ? estimate : median(strides);
}

/**
 * Cuts a chain before every step that does not fit: a step outside STEP_SHARE of the typical stride, one that
 * makes no stride within STRIDE_RANGE with the step before or after it, or a turn.
 */
function splitAtOddSteps(
  events: GaitEvents,
  chain: Stretch,
  stride: number,
  straight: (a: number, b: number) => boolean,
): Stretch[] {
  const strikes = strikesOf(events, chain);
  const t = (k: number) => events.t[strikes[k] ?? 0] ?? 0;
  const fits = (value: number, [lo, hi]: readonly [number, number]) => value >= lo * stride && value <= hi * stride;
  const parts: Stretch[] = [];
  let from = chain.from;
  for (let k = 1; k < strikes.length; k++) {
    const step = t(k) - t(k - 1);
    const before = k >= 2 && fits(t(k) - t(k - 2), STRIDE_RANGE);
    const after = k + 1 < strikes.length && fits(t(k + 1) - t(k - 1), STRIDE_RANGE);
    if (fits(step, STEP_SHARE) && (before || after) && straight(t(k - 1), t(k))) continue;
    const cut = strikes[k] ?? 0;
    parts.push({ from, to: cut });
    from = cut;
  }
  parts.push({ from, to: chain.to });
  return parts;
}

function stanceByStrike(foot: FootContacts): Map<number, Stance> {
  const map = new Map<number, Stance>();
  for (const stance of foot.stances) if (stance.heelStrike !== null) map.set(stance.heelStrike, stance);
  return map;
}

function describe(
  events: GaitEvents,
  runs: Stretch[],
  left: Map<number, Stance>,
  right: Map<number, Stance>,
): WalkSequence {
  const { t, side, strike } = events;
  const out: WalkSequence = {
    runs: [],
    cycles: { left: gaitCycles(events.count), right: gaitCycles(events.count) },
    steps: [],
    duration: 0,
    events: { left: { heelStrikes: [], toeOffs: [] }, right: { heelStrikes: [], toeOffs: [] } },
  };
  const stanceAt = (code: number | undefined, time: number) => (code === 0 ? left : right).get(time);
  for (const run of runs) {
    const strikes = strikesOf(events, run);
    const start = t[strikes[0] ?? 0] ?? 0;
    const end = t[strikes.at(-1) ?? 0] ?? 0;
    out.runs.push({ start, end });
    out.duration += end - start;
    for (let i = run.from; i < run.to; i++) {
      const own = out.events[sideOf(side[i])];
      (strike[i] === 1 ? own.heelStrikes : own.toeOffs).push(t[i] ?? 0);
    }
    for (let k = 1; k < strikes.length; k++) {
      // Plain locals: destructured arrays would cost an allocation per step.
      const previous = strikes[k - 1] ?? 0;
      const current = strikes[k] ?? 0;
      const time = t[current] ?? 0;
      const previousTime = t[previous] ?? 0;
      out.steps.push({
        side: sideOf(side[current]),
        strike: time,
        time: time - previousTime,
        own: stanceAt(side[current], time),
        support: stanceAt(side[previous], previousTime),
      });
    }
    // A cycle: heel strike, the other foot's toe off and heel strike, this foot's toe off and next heel strike.
    for (let i = run.from; i + 4 < run.to; i++) {
      if (strike[i] !== 1) continue;
      const cycles = out.cycles[sideOf(side[i])];
      addCycle(cycles, t[i] ?? 0, t[i + 1] ?? 0, t[i + 2] ?? 0, t[i + 3] ?? 0, t[i + 4] ?? 0);
    }
  }
  out.cycles = { left: trimmedCycles(out.cycles.left), right: trimmedCycles(out.cycles.right) };
  return out;
}
