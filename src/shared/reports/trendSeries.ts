import { formatMetric } from './reportMetrics.ts';
import { axisLabel, type ReportModel, type ReportSession } from './reportModel.ts';
import { adultReferenceApplies } from './reportReferences.ts';
import { reportLines, sessionMetrics } from './reportTable.ts';
import type { TrendSeries } from './reportAnswer.ts';

export type { TrendSeries } from './reportAnswer.ts';

/** A recording's place on the x axis: its line (a patient, in a multi-patient report), label and slot. */
type Point = { session: ReportSession; line: string; slot: string; label: string };

/**
 * The report's points on the x axis, one per recording, in axis order. A multi-patient report's patients share a
 * place where their labels match (session 1 of each); within one line, two recordings with one label (two walks in
 * the same minute) take two places, so that no recording is left out of the chart.
 */
function trendPoints(model: ReportModel): Point[] {
  const ordered = [...model.sessions].sort((a, b) =>
    model.xAxisType === 'Date'
      ? a.DateTime.localeCompare(b.DateTime)
      : a.SessionNumber - b.SessionNumber || a.SubSessionNumber - b.SubSessionNumber,
  );
  const seen = new Map<string, number>();
  return ordered.map((session) => {
    const line = model.type === 'multi-patient' ? session.UniquePatientID : '';
    const label = axisLabel(session, model.xAxisType, model.timeZone);
    const nth = seen.get(`${line}\n${label}`) ?? 0;
    seen.set(`${line}\n${label}`, nth + 1);
    return { session, line, slot: `${label}\n${String(nth)}`, label };
  });
}

export function trendSeries(model: ReportModel): TrendSeries[] {
  const points = trendPoints(model);
  const slots = [...new Map(points.map((p) => [p.slot, p.label])).entries()];
  const lines = [...new Set(points.map((p) => p.line))];
  return reportLines(model).map((metric) => {
    // The adult range is shaded only where an adult's values are drawn against it (reportReferences.ts).
    const range = metric.norm && model.sessions.some(adultReferenceApplies) ? model.norms[metric.norm] : undefined;
    return {
      label: metric.label,
      unit: metric.unit,
      xLabels: slots.map(([, label]) => label),
      ...(range ? { range: { low: range.low, high: range.high } } : {}),
      datasets: lines.map((line) => {
        const first = points.find((p) => p.line === line)?.session;
        return {
          name:
            model.type === 'multi-patient'
              ? `${first?.PatientName ?? ''} (${first?.GivenPatientID ?? ''})`
              : metric.label,
          values: slots.map(([slot]) => {
            const session = points.find((p) => p.line === line && p.slot === slot)?.session;
            const metrics = session === undefined ? null : sessionMetrics(session);
            const value = metrics === null ? null : metric.value(metrics);
            return value === null || !Number.isFinite(value) ? null : Number(formatMetric(metric, value));
          }),
        };
      }),
    };
  });
}
