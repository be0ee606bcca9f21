import { formatMetric } from './reportMetrics.ts';
import { axisLabel, type ReportModel, type ReportSession } from './reportModel.ts';
import { reportLines, sessionMetrics } from './reportTable.ts';

/**
 * A report line across sessions, for the trend charts (SVG in the HTML report, chart.js in the app). A
 * multi-session report has one dataset; a multi-patient report one per patient, so that no line joins different
 * people. Values are rounded as the table prints them; null where a session has no value.
 */
export type TrendDataset = { name: string; values: (number | null)[] };
export type TrendSeries = {
  label: string;
  unit: string;
  xLabels: string[];
  datasets: TrendDataset[];
  range?: { low: number; high: number };
};

export function trendSeries(model: ReportModel): TrendSeries[] {
  const label = (s: ReportSession) => axisLabel(s, model.xAxisType, model.timeZone);
  // The axis: every session's label once, in the report's column order (which sorts each patient's by the axis).
  const ordered = [...model.sessions].sort((a, b) =>
    model.xAxisType === 'Date'
      ? a.DateTime.localeCompare(b.DateTime)
      : a.SessionNumber - b.SessionNumber || a.SubSessionNumber - b.SubSessionNumber,
  );
  const xLabels = [...new Set(ordered.map(label))];
  const groups =
    model.type === 'multi-patient'
      ? [...new Set(model.sessions.map((s) => s.UniquePatientID))].map((id) =>
          model.sessions.filter((s) => s.UniquePatientID === id),
        )
      : [model.sessions];
  return reportLines(model).map((line) => {
    const range = line.norm ? model.norms[line.norm] : undefined;
    return {
      label: line.label,
      unit: line.unit,
      xLabels,
      ...(range ? { range: { low: range.low, high: range.high } } : {}),
      datasets: groups.map((sessions) => ({
        name:
          model.type === 'multi-patient'
            ? `${sessions[0]?.PatientName ?? ''} (${sessions[0]?.GivenPatientID ?? ''})`
            : line.label,
        values: xLabels.map((x) => {
          const session = sessions.find((s) => label(s) === x);
          const metrics = session === undefined ? null : sessionMetrics(session);
          const value = metrics === null ? null : line.value(metrics);
          return value === null || !Number.isFinite(value) ? null : Number(formatMetric(line, value));
        }),
      })),
    };
  });
}
