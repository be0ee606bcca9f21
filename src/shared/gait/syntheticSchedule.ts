import type { Random } from '../random.ts';
import type { Side } from './gaitResult.ts';
import type { FootStyle } from './syntheticPathology.ts';

/**
 * The footfalls of a synthetic walk: when each heel strikes and where, and when its toes leave. Steps alternate;
 * each step's time and length vary from stride to stride (Gaussian, so that stride time and stride length have the
 * coefficient of variation asked for: 2–4% in healthy adults, Hausdorff 2005, J NeuroEng Rehabil 2:19), and the
 * left steps may be longer and slower than the right by `asymmetry` (a symmetry index of up to 15%, as after a
 * stroke), or take a pathological pattern (syntheticPathology.ts). Stance lasts its fraction of the foot's own stride. The schedule runs two strides beyond both ends of
 * the bout so that every foot in view has a cycle around it.
 */
export type Footfall = { strike: number; toeOff: number; along: number };
export type Schedule = Record<Side, Footfall[]> & { strikes: { side: Side; strike: number; along: number }[] };

export type ScheduleOptions = {
  speed: number;
  cadence: number;
  /** Each foot's step share and stance (syntheticPathology.ts). */
  feet: Record<Side, FootStyle>;
  strideCv: number;
  /** Bout time of the first heel strike in view, and which foot makes it. */
  firstStrike: number;
  firstSide: Side;
  end: number;
};

export function footfallSchedule(o: ScheduleOptions, random: Random): Schedule {
  const stride = 120 / o.cadence;
  const strideLength = o.speed * stride;
  // Two independent steps make a stride: each varies by √2 × the stride's coefficient.
  const stepCv = o.strideCv * Math.SQRT2;
  const vary = () => 1 + Math.max(-3, Math.min(3, random.gaussian())) * stepCv;
  const nominal = (side: Side) => o.feet[side].stepShare;
  const strikes: Schedule['strikes'] = [];
  const other = (side: Side): Side => (side === 'left' ? 'right' : 'left');
  // From two strides before the first strike in view (an even number of steps: the same foot) to two past the end.
  let side: Side = o.firstSide;
  let t = o.firstStrike - 2 * stride;
  let along = o.speed * t + strideLength / 4;
  for (; t <= o.end + 2 * stride; side = other(side)) {
    strikes.push({ side, strike: t, along });
    const next = other(side);
    t += (stride / 2) * nominal(next) * vary();
    along += (strideLength / 2) * nominal(next) * vary();
  }
  const perSide = (s: Side): Footfall[] => {
    const own = strikes.filter((x) => x.side === s);
    return own.map((x, i) => {
      const next = own[i + 1]?.strike ?? x.strike + stride;
      return {
        strike: x.strike,
        along: x.along,
        toeOff: x.strike + (o.feet[s].stancePercent / 100) * (next - x.strike),
      };
    });
  };
  return { left: perSide('left'), right: perSide('right'), strikes };
}
