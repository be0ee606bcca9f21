import type { GaitAnalysis } from '../gait/gaitResult.ts';
import type { ClinicMetric } from './clinicMetrics.ts';

/**
 * The gait metrics file, MainStorageFormat_SessionMetrics.json: the whole-walk metrics (and per foot where known)
 * with where they came from. Interim home: it moves to src/shared/gait/metricsFile.ts when the engine publishes
 * its own file format; this module is the one place that will then change.
 */
export const GAIT_METRICS_FORMAT = 'GaitPortal.SessionMetrics';

type MetricValues = Record<string, number>;
export type GaitMetricsFile = {
  Format: typeof GAIT_METRICS_FORMAT;
  Version: 1;
  Source: string;
  Method?: string;
  /** Whole-walk metrics by name, with `left` and `right` objects of per-foot metrics where known. */
  Session: Record<string, number | MetricValues>;
  Bouts?: unknown[];
};
export type GaitMetricsCheck = { ok: true } | { ok: false; error: string };

/** The spec's report metrics (§9), each required in the Session part of a gait metrics file. */
export const REQUIRED_SESSION_METRICS = ['speed', 'cadence', 'stancePercent', 'swingPercent', 'doubleSupportPercent',
  'singleSupportPercent', 'stepLength', 'stepCount', 'distance'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether parsed JSON claims to be a gait metrics file (as opposed to joint data or something else). */
export const looksLikeGaitMetrics = (value: unknown): boolean => isRecord(value) && (value.Format === GAIT_METRICS_FORMAT || 'Session' in value);

export function checkGaitMetricsFile(value: unknown): GaitMetricsCheck {
  const fail = (error: string): GaitMetricsCheck => ({ ok: false, error: `Gait metrics file: ${error}` });
  if (!isRecord(value)) return fail('not a JSON object.');
  if (value.Format !== GAIT_METRICS_FORMAT) return fail(`"Format" must be "${GAIT_METRICS_FORMAT}".`);
  if (value.Version !== 1) return fail('"Version" 1 is expected.');
  const session = value.Session;
  if (!isRecord(session)) return fail('no "Session" object with the metrics.');
  for (const name of REQUIRED_SESSION_METRICS) {
    const metric = session[name];
    if (typeof metric !== 'number' || !Number.isFinite(metric) || metric < 0) return fail(`Session.${name} must be a finite number, not negative.`);
  }
  for (const side of ['left', 'right'] as const) {
    const values = session[side];
    if (values === undefined) continue;
    if (!isRecord(values)) return fail(`Session.${side} must be an object of metrics.`);
    const bad = Object.entries(values).find(([, v]) => typeof v !== 'number' || !Number.isFinite(v));
    if (bad !== undefined) return fail(`Session.${side}.${bad[0]} must be a finite number.`);
  }
  return { ok: true };
}

/** The engine's metrics as a file, or undefined when the walk could not be analysed (no metrics to store). */
export function gaitMetricsFileText(analysis: GaitAnalysis): string | undefined {
  if (analysis.status !== 'ok') return undefined;
  const file: GaitMetricsFile = {
    Format: GAIT_METRICS_FORMAT,
    Version: 1,
    Source: `gait engine ${analysis.engineVersion}`,
    Method: analysis.method,
    Session: analysis.session,
    Bouts: analysis.bouts,
  };
  return JSON.stringify(file);
}

const camel = (name: string) => `${name[0]?.toLowerCase() ?? ''}${name.slice(1)}`;

/** The metrics of a clinic-format GaitMetrics file as a gait metrics file. */
export function clinicMetricsFileText(metrics: readonly ClinicMetric[], source: string): string {
  const session: GaitMetricsFile['Session'] = {};
  for (const m of metrics) {
    if (m.side === 'session') {
      session[camel(m.name)] = m.value;
    } else {
      const side = session[m.side];
      const values: MetricValues = typeof side === 'object' ? side : {};
      values[camel(m.name)] = m.value;
      session[m.side] = values;
    }
  }
  const file: GaitMetricsFile = { Format: GAIT_METRICS_FORMAT, Version: 1, Source: source, Session: session };
  return JSON.stringify(file);
}
