import type { Metres, MetresPerSecond, PercentOfCycle, Seconds, StepsPerMinute } from './gaitUnits.ts';

export const GAIT_ENGINE_VERSION = '1.0.0';
export const GAIT_METHOD =
  'Zero-lag 6 Hz Butterworth (Winter 2009); foot-minus-pelvis extrema along the stride-averaged pelvis path (Zeni et al. 2008), refined to foot contact by two-phase regression (Hinkley 1971)';

export type Side = 'left' | 'right';

/** Metrics of one foot: the cycles that begin with its heel strike and the steps that end with it. */
export type SideMetrics = {
  /** Steps ending with this foot's heel strike. */
  stepCount: number;
  /** Complete gait cycles (heel strike, toe off, heel strike of this foot, with the other foot's events between). */
  cycleCount: number;
  /** Distance along the direction of progression from the other foot to this foot at this foot's heel strike. */
  stepLength: Metres;
  strideTime: Seconds;
  stancePercent: PercentOfCycle;
  swingPercent: PercentOfCycle;
  /** Initial plus terminal double support: both feet on the floor. */
  doubleSupportPercent: PercentOfCycle;
  /** This foot alone on the floor, i.e. the other foot's swing. */
  singleSupportPercent: PercentOfCycle;
};

/** Whole-walk metrics; the percentages and lengths are means over both feet's cycles and steps. */
export type GaitMetrics = SideMetrics & {
  speed: MetresPerSecond;
  cadence: StepsPerMinute;
  /** Pelvis travel between the first and last heel strike analysed. */
  distance: Metres;
  /** Time between the first and last heel strike analysed. */
  duration: Seconds;
  left: SideMetrics;
  right: SideMetrics;
};

/** Event times in seconds since the start of the recording (the joint data file's Timestamp / 1000). */
export type FootEvents = { heelStrikes: Seconds[]; toeOffs: Seconds[] };
export type GaitEvents = Record<Side, FootEvents>;

export type BoutAnalysis =
  | { status: 'ok'; bout: number; metrics: GaitMetrics; events: GaitEvents; warnings: string[] }
  | { status: 'insufficient-data'; bout: number; reason: string };

/** The engine's answer for a recording: per bout (the file's Steps, numbered from 1) and for the whole session. */
export type GaitAnalysis = { engineVersion: string; method: string; bouts: BoutAnalysis[] } & (
  { status: 'ok'; session: GaitMetrics } | { status: 'insufficient-data'; reason: string }
);
