import { METRIC_LINES, formatMetric, type MetricLine } from './reportMetrics.ts';
import { againstNorm, withPatientHeight, type ReportModel, type ReportSession } from './reportModel.ts';
import { adultReferenceApplies } from './reportReferences.ts';

/**
 * The metrics table as every form of the report prints it: one row per line of the chosen metrics, one cell per
 * session, each cell's text rounded once (formatMetric) and flagged against the adult reference as printed. A
 * child's values are not flagged, and a report only of children prints no adult range (reportReferences.ts).
 */
export type Flag = 'below' | 'above';
type TableCell = { text: string; flag: Flag | null };
export type TableRow = { line: MetricLine; heading: string; cells: TableCell[]; reference: string };

/** The reference column's heading, the same in the HTML and the PDF. */
export const REFERENCE_HEADING = 'Adult reference';
export const FLAG_LEGEND = '▼/▲: below/above the adult reference range.';

export function reportLines(model: Pick<ReportModel, 'metrics'>): MetricLine[] {
  return model.metrics.flatMap((m) => METRIC_LINES[m]);
}

/** A session's metrics as the report uses them (speed normalised to the patient's height filled in). */
export function sessionMetrics(session: ReportSession) {
  return session.analysis.status === 'ok'
    ? withPatientHeight(session.analysis.metrics, session.patient.heightCm)
    : null;
}

export function reportTable(model: ReportModel): TableRow[] {
  const judged = model.sessions.some(adultReferenceApplies);
  return reportLines(model).map((line) => {
    const range = line.norm ? model.norms[line.norm] : undefined;
    return {
      line,
      heading: `${line.label} (${line.unit})`,
      reference:
        range === undefined ? '' : judged ? `${formatMetric(line, range.low)}–${formatMetric(line, range.high)}` : '—',
      cells: model.sessions.map((s): TableCell => {
        const metrics = sessionMetrics(s);
        if (metrics === null) return { text: '—', flag: null };
        const value = line.value(metrics);
        const position = againstNorm(value, adultReferenceApplies(s) ? range : undefined, line.decimals);
        return {
          text: formatMetric(line, value),
          flag: position === 'below' || position === 'above' ? position : null,
        };
      }),
    };
  });
}
