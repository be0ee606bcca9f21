/**
 * The metric lines of a clinic-format GaitMetrics file: `Name;side;value;unit`, side being session, left or right.
 * The required names are the specification's (docs/spec.md) report metrics (§9); StrideTime, Duration and CycleCount are optional.
 */
export const CLINIC_METRIC_UNITS = {
  Speed: 'm/s',
  Cadence: 'steps/min',
  StancePercent: '%',
  SwingPercent: '%',
  DoubleSupportPercent: '%',
  SingleSupportPercent: '%',
  StepLength: 'm',
  StepCount: 'count',
  Distance: 'm',
} as const;
const OPTIONAL_CLINIC_METRIC_UNITS = { StrideTime: 's', Duration: 's', CycleCount: 'count' } as const;

const UNITS: Record<string, string> = { ...CLINIC_METRIC_UNITS, ...OPTIONAL_CLINIC_METRIC_UNITS };
/** These describe the whole walk only; the others may also be given per foot. */
const SESSION_ONLY = new Set(['Speed', 'Cadence', 'Distance', 'Duration']);

export type ClinicMetricName = keyof typeof CLINIC_METRIC_UNITS | keyof typeof OPTIONAL_CLINIC_METRIC_UNITS;
type ClinicMetricSide = 'session' | 'left' | 'right';
export type ClinicMetric = { name: ClinicMetricName; side: ClinicMetricSide; value: number };

const DECIMAL = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/** A decimal number as the format writes it (a point, never a comma), or NaN. */
export const decimal = (text: string): number => (DECIMAL.test(text) ? Number(text) : NaN);

const isName = (name: string): name is ClinicMetricName => Object.hasOwn(UNITS, name);
const isSide = (side: string): side is ClinicMetricSide => side === 'session' || side === 'left' || side === 'right';

/** Parses one metric line; `fail` turns a message into the caller's error (which adds the line number). */
export function parseMetricLine(text: string, fail: (message: string) => Error): ClinicMetric {
  const fields = text.split(';').map((f) => f.trim());
  if (fields.length !== 4)
    throw fail(`a metric line has ${fields.length} fields; 4 are expected (name;side;value;unit).`);
  const [name = '', side = '', valueText = '', unit = ''] = fields;
  if (!isName(name)) throw fail(`unknown metric '${name.slice(0, 40)}'; known: ${Object.keys(UNITS).join(', ')}.`);
  if (!isSide(side)) throw fail(`side must be session, left or right, not '${side.slice(0, 20)}'.`);
  if (side !== 'session' && SESSION_ONLY.has(name))
    throw fail(`${name} describes the whole walk; its side must be session.`);
  if (unit !== UNITS[name]) throw fail(`${name} is measured in '${UNITS[name] ?? ''}', not '${unit.slice(0, 20)}'.`);
  const value = decimal(valueText);
  if (!Number.isFinite(value))
    throw fail(`${name} value '${valueText.slice(0, 20)}' is not a number with a decimal point.`);
  if (value < 0) throw fail(`${name} cannot be negative.`);
  if (UNITS[name] === '%' && value > 100) throw fail(`${name} is a percentage; ${value} is over 100.`);
  if (UNITS[name] === 'count' && !Number.isInteger(value))
    throw fail(`${name} is a count; ${value} is not a whole number.`);
  return { name, side, value };
}

export const metricLine = (m: ClinicMetric): string => `${m.name};${m.side};${String(m.value)};${UNITS[m.name] ?? ''}`;
