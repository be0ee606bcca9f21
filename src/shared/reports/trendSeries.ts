import { METRIC_LINES } from './reportMetrics.ts';
import { axisLabel, type ReportModel } from './reportModel.ts';

/** A report line's values across the report's sessions (null where a session has no metrics). */
export type TrendSeries = { label: string; unit: string; points: { x: string; y: number | null }[] };

/** One series per report line across the sessions, in x-axis order, for the in-app trend charts. */
export function trendSeries(model: ReportModel): TrendSeries[] {
  return model.metrics
    .flatMap((m) => METRIC_LINES[m])
    .map((line) => ({
      label: line.label,
      unit: line.unit,
      points: model.sessions.map((s) => ({
        x: axisLabel(s, model.xAxisType),
        y: s.analysis.status === 'ok' ? line.value(s.analysis.metrics) : null,
      })),
    }));
}
