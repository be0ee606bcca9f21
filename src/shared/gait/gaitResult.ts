import type { AngleCurve } from './cycleCurves.ts';
import type { Metres, MetresPerSecond, PercentOfCycle, Seconds, StepsPerMinute } from './gaitUnits.ts';
import type { Side } from './gaitSide.ts';
import type { UsedPlateEvent } from './plateEvents.ts';

export const GAIT_ENGINE_VERSION = '2.8.0';
export const GAIT_METHOD =
  "Zero-lag 6 Hz Butterworth (Winter 2009); stride from the feet's autocorrelation (Moe-Nilssen & Helbostad 2004); steps at foot-minus-pelvis extrema (Zeni et al. 2008), heel strike and toe off after them by the lag of the foot centre's vertical velocity trough and peak (O'Connor et al. 2007); only runs of alternating, regular steps counted";

export type { Side } from './gaitSide.ts';
export type { AngleCurve } from './cycleCurves.ts';

/** Coefficients of variation over strides, percent: SD ÷ mean × 100; null with fewer than two values. */
export type Variability = {
  strideTimeCv: number | null;
  strideLengthCv: number | null;
  stepWidthCv: number | null;
};

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
  /** Heel strike to the other foot's toe off, and the other foot's heel strike to this foot's toe off. */
  initialDoubleSupportPercent: PercentOfCycle;
  terminalDoubleSupportPercent: PercentOfCycle;
  stanceTime: Seconds;
  swingTime: Seconds;
  /** The other foot's heel strike to this foot's; null when no step was timed. */
  stepTime: Seconds | null;
  /** The two steps of a cycle; null when no cycle had both measured. */
  strideLength: Metres | null;
  /** Heel to heel across the direction of progression at this foot's heel strike. */
  stepWidth: Metres | null;
  variability: Variability;
  /** Sagittal flexion over the gait cycle (degrees, mean ± SD at 0–100%); null when the joints were not tracked. */
  kneeFlexion: AngleCurve | null;
  hipFlexion: AngleCurve | null;
};

/**
 * Symmetry indices, percent: 100 × (left − right) ÷ ((left + right) ÷ 2) (Robinson, Herzog & Nigg 1987, J Manipulative
 * Physiol Ther 10:172–176); 0 is perfect symmetry, positive means the left value is larger. Null when either side
 * lacks the value.
 */
export const SYMMETRY_MEASURES = [
  'stepLength',
  'stepTime',
  'stepWidth',
  'strideLength',
  'strideTime',
  'stanceTime',
  'swingTime',
  'stancePercent',
  'swingPercent',
  'singleSupportPercent',
  'initialDoubleSupportPercent',
  'terminalDoubleSupportPercent',
  'kneeRangeOfMotion',
  'hipRangeOfMotion',
] as const;
export type SymmetryMeasure = (typeof SYMMETRY_MEASURES)[number];
export type Symmetry = Record<SymmetryMeasure, number | null>;

/** The measures that need a complete gait cycle of the foot (heel strike to its next heel strike). */
export const CYCLE_MEASURES = [
  'strideTime',
  'stancePercent',
  'swingPercent',
  'doubleSupportPercent',
  'singleSupportPercent',
  'initialDoubleSupportPercent',
  'terminalDoubleSupportPercent',
  'stanceTime',
  'swingTime',
] as const;
export type CycleMeasure = (typeof CYCLE_MEASURES)[number];

/**
 * One foot's metrics. A short pass may hold a complete stride of one foot only (three heel strikes, about 2.3 s at
 * a normal speed): the other foot's cycle measures are then null, and its steps are still measured.
 */
export type FootMetrics = Omit<SideMetrics, CycleMeasure> & { [K in CycleMeasure]: SideMetrics[K] | null };

/** Whole-walk metrics; the percentages and lengths are means over both feet's cycles and steps. */
export type GaitMetrics = SideMetrics & {
  speed: MetresPerSecond;
  cadence: StepsPerMinute;
  /** Pelvis travel between the first and last heel strike analysed. */
  distance: Metres;
  /** Time between the first and last heel strike analysed. */
  duration: Seconds;
  left: FootMetrics;
  right: FootMetrics;
  symmetry: Symmetry;
  /** Speed ÷ body height (statures per second) when the height was given; null otherwise. */
  speedPerHeight: number | null;
};

/** Event times in seconds since the start of the recording (the joint data file's Timestamp / 1000). */
export type FootEvents = { heelStrikes: Seconds[]; toeOffs: Seconds[] };
export type GaitEvents = Record<Side, FootEvents>;

export type BoutAnalysis =
  | {
      status: 'ok';
      bout: number;
      metrics: GaitMetrics;
      /** The events the metrics come from: kinematic, or a force plate's where one saw the foot (plateEvents). */
      events: GaitEvents;
      warnings: string[];
    }
  | { status: 'insufficient-data'; bout: number; reason: string };

/** The engine's answer for a recording: per bout (the file's Steps, numbered from 1) and for the whole session. */
export type GaitAnalysis = {
  engineVersion: string;
  method: string;
  bouts: BoutAnalysis[];
  /** A trial with force plates: every plate event, with the kinematic event it replaced in its bout's measures. */
  plateEvents?: UsedPlateEvent[];
} & ({ status: 'ok'; session: GaitMetrics } | { status: 'insufficient-data'; reason: string });

/** What the engine may be told about the walker. */
export type GaitOptions = {
  heightM?: number;
  /**
   * false: leave out the sagittal joint angles (kneeFlexion and hipFlexion come out null), for a caller that only
   * wants the events, such as the skeleton viewer. Every other figure, every event and whether a bout can be analysed
   * stay the same: the angles feed only their own curves.
   */
  jointAngles?: boolean;
};
