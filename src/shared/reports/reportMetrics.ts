import type { NormedMetric } from '../gait/normativeRanges.ts';
import type { FootMetrics, GaitMetrics, SymmetryMeasure } from '../gait/gaitResult.ts';

/**
 * The metrics a report can show: first the session-report metrics of the specification, in its order and wording,
 * then the measures clinicians asked for since (stride and step measures, phase times, symmetry, variability,
 * height-normalised speed and sagittal knee and hip flexion).
 */
export const REPORT_METRIC_NAMES = [
  'Speed',
  'Cadence',
  'Stance/Swing Phase Percentage',
  'Double/Single Support Percentage',
  'Step Length',
  'Step Count',
  'Distance',
  'Stride Length',
  'Step Width',
  'Step Time',
  'Stance/Swing Time',
  'Initial/Terminal Double Support',
  'Symmetry Index',
  'Stride-to-Stride Variability',
  'Speed Normalised to Height',
  'Knee Flexion',
  'Hip Flexion',
] as const;
export type ReportMetricName = (typeof REPORT_METRIC_NAMES)[number];

/** One printed line of a report: a value read from the engine's metrics, with its unit and decimals. */
export type MetricLine = {
  metric: ReportMetricName;
  label: string;
  unit: string;
  decimals: number;
  /** Key into the normative ranges, where adult norms exist for this line. */
  norm?: NormKey;
  /** Null when the recording does not give this value (a side without the measure, an older metrics file). */
  value: (m: GaitMetrics) => number | null;
};

export type NormKey = NormedMetric;

type Pick = (s: FootMetrics) => number | null;

const line = (
  metric: ReportMetricName,
  label: string,
  unit: string,
  decimals: number,
  value: (m: GaitMetrics) => number | null,
  norm?: NormKey,
): MetricLine => ({ metric, label, unit, decimals, value, ...(norm === undefined ? {} : { norm }) });

/** The pooled line and one per foot. */
const pooledAndSides = (
  metric: ReportMetricName,
  label: string,
  unit: string,
  decimals: number,
  pick: Pick,
  norm?: NormKey,
): MetricLine[] => [
  line(metric, label, unit, decimals, (m) => pick(m), norm),
  ...sides(metric, label, unit, decimals, pick, norm),
];

const sides = (
  metric: ReportMetricName,
  label: string,
  unit: string,
  decimals: number,
  pick: Pick,
  norm?: NormKey,
): MetricLine[] => [
  line(metric, `${label}, left`, unit, decimals, (m) => pick(m.left), norm),
  line(metric, `${label}, right`, unit, decimals, (m) => pick(m.right), norm),
];

const SYMMETRY_LINES: [SymmetryMeasure, string][] = [
  ['stepLength', 'Step length'],
  ['stepTime', 'Step time'],
  ['strideLength', 'Stride length'],
  ['stanceTime', 'Stance time'],
  ['swingTime', 'Swing time'],
  ['singleSupportPercent', 'Single support'],
  ['kneeRangeOfMotion', 'Knee flexion range'],
  ['hipRangeOfMotion', 'Hip flexion range'],
];

/** Each metric as the lines a report prints for it: whole-walk values and, where it applies, per side. */
export const METRIC_LINES: Record<ReportMetricName, MetricLine[]> = {
  Speed: [line('Speed', 'Walking speed', 'm/s', 2, (m) => m.speed, 'speed')],
  Cadence: [line('Cadence', 'Cadence', 'steps/min', 1, (m) => m.cadence, 'cadence')],
  'Stance/Swing Phase Percentage': [
    ...pooledAndSides(
      'Stance/Swing Phase Percentage',
      'Stance phase',
      '% of cycle',
      1,
      (s) => s.stancePercent,
      'stancePercent',
    ),
    ...pooledAndSides(
      'Stance/Swing Phase Percentage',
      'Swing phase',
      '% of cycle',
      1,
      (s) => s.swingPercent,
      'swingPercent',
    ),
  ],
  'Double/Single Support Percentage': [
    line(
      'Double/Single Support Percentage',
      'Double support',
      '% of cycle',
      1,
      (m) => m.doubleSupportPercent,
      'doubleSupportPercent',
    ),
    ...sides(
      'Double/Single Support Percentage',
      'Single support',
      '% of cycle',
      1,
      (s) => s.singleSupportPercent,
      'singleSupportPercent',
    ),
  ],
  'Step Length': pooledAndSides('Step Length', 'Step length', 'm', 2, (s) => s.stepLength, 'stepLength'),
  'Step Count': pooledAndSides('Step Count', 'Step count', 'steps', 0, (s) => s.stepCount),
  Distance: [line('Distance', 'Distance walked', 'm', 2, (m) => m.distance)],
  'Stride Length': pooledAndSides('Stride Length', 'Stride length', 'm', 2, (s) => s.strideLength, 'strideLength'),
  'Step Width': pooledAndSides('Step Width', 'Step width', 'm', 2, (s) => s.stepWidth),
  'Step Time': pooledAndSides('Step Time', 'Step time', 's', 2, (s) => s.stepTime),
  'Stance/Swing Time': [
    ...sides('Stance/Swing Time', 'Stance time', 's', 2, (s) => s.stanceTime),
    ...sides('Stance/Swing Time', 'Swing time', 's', 2, (s) => s.swingTime),
  ],
  'Initial/Terminal Double Support': [
    ...sides(
      'Initial/Terminal Double Support',
      'Initial double support',
      '% of cycle',
      1,
      (s) => s.initialDoubleSupportPercent,
      'initialDoubleSupportPercent',
    ),
    ...sides(
      'Initial/Terminal Double Support',
      'Terminal double support',
      '% of cycle',
      1,
      (s) => s.terminalDoubleSupportPercent,
      'terminalDoubleSupportPercent',
    ),
  ],
  'Symmetry Index': SYMMETRY_LINES.map(([measure, label]) =>
    line('Symmetry Index', `Symmetry index, ${label.toLowerCase()}`, '%', 1, (m) => m.symmetry[measure]),
  ),
  'Stride-to-Stride Variability': [
    line('Stride-to-Stride Variability', 'Stride time variability (CV)', '%', 1, (m) => m.variability.strideTimeCv),
    line('Stride-to-Stride Variability', 'Stride length variability (CV)', '%', 1, (m) => m.variability.strideLengthCv),
    line('Stride-to-Stride Variability', 'Step width variability (CV)', '%', 1, (m) => m.variability.stepWidthCv),
  ],
  'Speed Normalised to Height': [
    line('Speed Normalised to Height', 'Walking speed ÷ height', 'heights/s', 2, (m) => m.speedPerHeight),
  ],
  'Knee Flexion': sides(
    'Knee Flexion',
    'Knee flexion range',
    '°',
    1,
    (s) => s.kneeFlexion?.rangeOfMotion ?? null,
    'kneeRangeOfMotion',
  ),
  'Hip Flexion': sides(
    'Hip Flexion',
    'Hip flexion range',
    '°',
    1,
    (s) => s.hipFlexion?.rangeOfMotion ?? null,
    'hipRangeOfMotion',
  ),
};

/** The value as every part of a report shows it (table, charts, PDF): one rounding, '—' when there is none. */
export const formatMetric = (line: { decimals: number }, value: number | null): string =>
  value !== null && Number.isFinite(value) ? value.toFixed(line.decimals) : '—';
