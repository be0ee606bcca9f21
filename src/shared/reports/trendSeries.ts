import { formatMetric } from './reportMetrics.ts';
import { axisLabel, type ReportModel, type ReportSession } from './reportModel.ts';
import { reportLines, sessionMetrics } from './reportTable.ts';
import type { TrendSeries } from './reportAnswer.ts';

export type { TrendDataset, TrendSeries } from './reportAnswer.ts';

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
