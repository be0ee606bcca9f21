import type { GaitMetrics, SideMetrics } from '../gait/gaitResult.ts';

/** The metrics offered for session reports, in spec §9's order and wording. */
export const REPORT_METRIC_NAMES = [
  'Speed',
  'Cadence',
  'Stance/Swing Phase Percentage',
  'Double/Single Support Percentage',
  'Step Length',
  'Step Count',
  'Distance',
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
  value: (m: GaitMetrics) => number;
};

export type NormKey =
  | 'speed'
  | 'cadence'
  | 'stancePercent'
  | 'swingPercent'
  | 'doubleSupportPercent'
  | 'singleSupportPercent'
  | 'stepLength';

const perSide = (
  metric: ReportMetricName,
  label: string,
  unit: string,
  decimals: number,
  pick: (s: SideMetrics) => number,
  norm?: NormKey,
): MetricLine[] => [
  { metric, label: `${label}, left`, unit, decimals, norm, value: (m) => pick(m.left) },
  { metric, label: `${label}, right`, unit, decimals, norm, value: (m) => pick(m.right) },
];

/** Each metric of §9 as the lines a report prints for it: whole-walk values and, where it applies, per side. */
export const METRIC_LINES: Record<ReportMetricName, MetricLine[]> = {
  Speed: [{ metric: 'Speed', label: 'Walking speed', unit: 'm/s', decimals: 2, norm: 'speed', value: (m) => m.speed }],
  Cadence: [
    { metric: 'Cadence', label: 'Cadence', unit: 'steps/min', decimals: 1, norm: 'cadence', value: (m) => m.cadence },
  ],
  'Stance/Swing Phase Percentage': [
    ...perSide(
      'Stance/Swing Phase Percentage',
      'Stance phase',
      '% of cycle',
      1,
      (s) => s.stancePercent,
      'stancePercent',
    ),
    ...perSide('Stance/Swing Phase Percentage', 'Swing phase', '% of cycle', 1, (s) => s.swingPercent, 'swingPercent'),
  ],
  'Double/Single Support Percentage': [
    {
      metric: 'Double/Single Support Percentage',
      label: 'Double support',
      unit: '% of cycle',
      decimals: 1,
      norm: 'doubleSupportPercent',
      value: (m) => m.doubleSupportPercent,
    },
    ...perSide(
      'Double/Single Support Percentage',
      'Single support',
      '% of cycle',
      1,
      (s) => s.singleSupportPercent,
      'singleSupportPercent',
    ),
  ],
  'Step Length': [
    {
      metric: 'Step Length',
      label: 'Step length',
      unit: 'm',
      decimals: 2,
      norm: 'stepLength',
      value: (m) => m.stepLength,
    },
    ...perSide('Step Length', 'Step length', 'm', 2, (s) => s.stepLength, 'stepLength'),
  ],
  'Step Count': [
    { metric: 'Step Count', label: 'Step count', unit: 'steps', decimals: 0, value: (m) => m.stepCount },
    ...perSide('Step Count', 'Step count', 'steps', 0, (s) => s.stepCount),
  ],
  Distance: [{ metric: 'Distance', label: 'Distance walked', unit: 'm', decimals: 2, value: (m) => m.distance }],
};

export const formatMetric = (line: Pick<MetricLine, 'decimals'>, value: number): string =>
  Number.isFinite(value) ? value.toFixed(line.decimals) : '—';
