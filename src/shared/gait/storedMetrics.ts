import type { AngleCurve, GaitMetrics, SideMetrics, Symmetry } from '#shared/gait/gaitResult';
import { SYMMETRY_MEASURES } from '#shared/gait/gaitResult';
import { metres, metresPerSecond, percentOfCycle, seconds, stepsPerMinute } from '#shared/gait/gaitUnits';
import {
  SYMMETRY_FIELDS,
  type AngleCurveRecord,
  type ClinicWalkMetricsRecord,
  type FootMetricsRecord,
  type WalkMetricsRecord,
} from '#shared/gait/metricsFileSchema';

/**
 * A stored metrics file's whole-walk metrics as engine metrics. A clinic's file may lack per-foot values, a short
 * pass a foot's cycle measures (null), and a file of format version 1 the measures added in version 2: a missing
 * number reads as NaN, which a report prints
 * as '—', and a missing optional measure as null.
 */
export function metricsFromFile(session: WalkMetricsRecord | ClinicWalkMetricsRecord): GaitMetrics {
  const symmetry = Object.fromEntries(
    SYMMETRY_MEASURES.map((measure) => [measure, session.Symmetry_percent?.[SYMMETRY_FIELDS[measure]] ?? null]),
  ) as Symmetry;
  return {
    ...sideFromFile(session),
    speed: metresPerSecond(session.Speed_m_per_s),
    cadence: stepsPerMinute(session.Cadence_steps_per_min),
    distance: metres(session.Distance_m),
    duration: seconds(orMissing(session.Duration_s)),
    left: sideFromFile(session.Left),
    right: sideFromFile(session.Right),
    symmetry,
    speedPerHeight: session.SpeedPerHeight_per_s ?? null,
  };
}

const orMissing = (value: number | null | undefined): number => value ?? Number.NaN;
const orNull = (value: number | null | undefined): number | null => value ?? null;

type SideRecord = Partial<FootMetricsRecord>;

function sideFromFile(side: SideRecord): SideMetrics {
  const stepTime = orNull(side.StepTime_s);
  const strideLength = orNull(side.StrideLength_m);
  const stepWidth = orNull(side.StepWidth_m);
  return {
    stepCount: orMissing(side.StepCount),
    cycleCount: orMissing(side.CycleCount),
    stepLength: metres(orMissing(side.StepLength_m)),
    strideTime: seconds(orMissing(side.StrideTime_s)),
    stancePercent: percentOfCycle(orMissing(side.StancePercent)),
    swingPercent: percentOfCycle(orMissing(side.SwingPercent)),
    doubleSupportPercent: percentOfCycle(orMissing(side.DoubleSupportPercent)),
    singleSupportPercent: percentOfCycle(orMissing(side.SingleSupportPercent)),
    initialDoubleSupportPercent: percentOfCycle(orMissing(side.InitialDoubleSupportPercent)),
    terminalDoubleSupportPercent: percentOfCycle(orMissing(side.TerminalDoubleSupportPercent)),
    stanceTime: seconds(orMissing(side.StanceTime_s)),
    swingTime: seconds(orMissing(side.SwingTime_s)),
    stepTime: stepTime === null ? null : seconds(stepTime),
    strideLength: strideLength === null ? null : metres(strideLength),
    stepWidth: stepWidth === null ? null : metres(stepWidth),
    variability: {
      strideTimeCv: orNull(side.StrideTimeCV_percent),
      strideLengthCv: orNull(side.StrideLengthCV_percent),
      stepWidthCv: orNull(side.StepWidthCV_percent),
    },
    kneeFlexion: curveFromFile(side.KneeFlexion),
    hipFlexion: curveFromFile(side.HipFlexion),
  };
}

function curveFromFile(record: AngleCurveRecord | null | undefined): AngleCurve | null {
  if (record === null || record === undefined) return null;
  return { mean: record.Mean_deg, sd: record.SD_deg, rangeOfMotion: record.RangeOfMotion_deg, cycles: record.Cycles };
}
