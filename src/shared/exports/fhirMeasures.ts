import type { FootMetrics, GaitMetrics } from '../gait/gaitResult.ts';

/**
 * The gait measures exported as FHIR Observations, each with its code in the portal's local code system
 * (docs/export-formats.md lists them; no LOINC term matches these walk-analysis measures, see there) and its UCUM
 * unit (The Unified Code for Units of Measure, unitsofmeasure.org). Per-side measures carry the left and right
 * values as components.
 */
export type GaitMeasure = {
  code: string;
  display: string;
  unit: { code: string; display: string };
  value: (m: GaitMetrics) => number | null;
  side?: (m: FootMetrics) => number | null;
};

const METRE = { code: 'm', display: 'm' };
const SECOND = { code: 's', display: 's' };
const PERCENT = { code: '%', display: '%' };

export const GAIT_MEASURES: readonly GaitMeasure[] = [
  { code: 'gait-speed', display: 'Gait speed', unit: { code: 'm/s', display: 'm/s' }, value: (m) => m.speed },
  { code: 'cadence', display: 'Cadence', unit: { code: '/min', display: 'steps/min' }, value: (m) => m.cadence },
  {
    code: 'step-count',
    display: 'Step count',
    unit: { code: '{steps}', display: 'steps' },
    value: (m) => m.stepCount,
    side: (m) => m.stepCount,
  },
  { code: 'distance', display: 'Distance walked', unit: METRE, value: (m) => m.distance },
  { code: 'walk-duration', display: 'Walk duration', unit: SECOND, value: (m) => m.duration },
  { code: 'step-length', display: 'Step length', unit: METRE, value: (m) => m.stepLength, side: (m) => m.stepLength },
  {
    code: 'stride-length',
    display: 'Stride length',
    unit: METRE,
    value: (m) => m.strideLength,
    side: (m) => m.strideLength,
  },
  { code: 'step-width', display: 'Step width', unit: METRE, value: (m) => m.stepWidth, side: (m) => m.stepWidth },
  { code: 'step-time', display: 'Step time', unit: SECOND, value: (m) => m.stepTime, side: (m) => m.stepTime },
  { code: 'stride-time', display: 'Stride time', unit: SECOND, value: (m) => m.strideTime, side: (m) => m.strideTime },
  {
    code: 'stance-phase',
    display: 'Stance phase (% of gait cycle)',
    unit: PERCENT,
    value: (m) => m.stancePercent,
    side: (m) => m.stancePercent,
  },
  {
    code: 'swing-phase',
    display: 'Swing phase (% of gait cycle)',
    unit: PERCENT,
    value: (m) => m.swingPercent,
    side: (m) => m.swingPercent,
  },
  {
    code: 'double-support',
    display: 'Double support (% of gait cycle)',
    unit: PERCENT,
    value: (m) => m.doubleSupportPercent,
    side: (m) => m.doubleSupportPercent,
  },
  {
    code: 'single-support',
    display: 'Single support (% of gait cycle)',
    unit: PERCENT,
    value: (m) => m.singleSupportPercent,
    side: (m) => m.singleSupportPercent,
  },
];
