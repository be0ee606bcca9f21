import { METRIC_LINES, formatMetric, type MetricLine } from './reportMetrics.ts';
import {
  againstNorm,
  axisLabel,
  REPORT_TITLES,
  reportDateTime,
  type ReportModel,
  type ReportSession,
} from './reportModel.ts';
import { phaseSlices, supportSlices } from './reportPhases.ts';
import { escapeHtml, pieChartSvg, trendChartSvg } from './svgCharts.ts';

const STYLE = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f23;margin:24px auto;max-width:1100px;padding:0 16px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:24px 0 8px}
.meta{display:grid;grid-template-columns:max-content 1fr;gap:2px 16px;margin:12px 0}.meta dt{font-weight:600}.meta dd{margin:0}
table{border-collapse:collapse;width:100%;margin:8px 0}th,td{border:1px solid #c8ccd0;padding:4px 8px;text-align:right}
th:first-child,td:first-child{text-align:left}thead th{background:#eef3f6}td.norm{color:#555;font-size:12px}
.below,.above{font-weight:700}.below::after{content:" \\25BC"}.above::after{content:" \\25B2"}.na{color:#777;font-style:italic}
.charts{display:flex;flex-wrap:wrap;gap:12px}figure.chart{margin:0}figcaption{font-size:12px;color:#444;text-align:center}
footer{margin-top:24px;font-size:12px;color:#555}
@media print{body{margin:0;max-width:none}.charts{break-inside:avoid}h2{break-after:avoid}}
`;

/** A self-contained, printable HTML report: inline styles and SVG charts, no scripts and no external requests. */
export function renderReportHtml(model: ReportModel): string {
  const title = REPORT_TITLES[model.type];
  const lines = model.metrics.flatMap((m) => METRIC_LINES[m]);
  const body = [
    `<h1>${escapeHtml(title)}</h1>`,
    header(model),
    '<h2>Gait metrics</h2>',
    metricsTable(model, lines),
    charts(model, lines),
    footer(model),
  ].join('\n');
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`
  );
}

const unique = (values: readonly string[]) => [...new Set(values)].join(', ');

function header(model: ReportModel): string {
  const s = model.sessions;
  const dates = s.map((x) => x.DateTime).sort();
  const rows: [string, string][] = [
    [
      model.type === 'multi-patient' ? 'Patients' : 'Patient',
      unique(s.map((x) => `${x.PatientName} (${x.GivenPatientID})`)),
    ],
    ['Clinician', unique(s.map((x) => x.ClinicianName))],
    ['Clinic', unique(s.map((x) => x.ClinicName))],
    ['Test', unique(s.map((x) => x.TestName))],
    [
      s.length === 1 ? 'Session' : 'Sessions',
      s.map((x) => `${String(x.SessionNumber)}.${String(x.SubSessionNumber)}`).join(', '),
    ],
    [
      'Recorded',
      dates.length <= 1
        ? reportDateTime(dates[0] ?? '')
        : `${reportDateTime(dates[0] ?? '')} – ${reportDateTime(dates[dates.length - 1] ?? '')}`,
    ],
  ];
  return `<dl class="meta">${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>`;
}

function columnHeading(s: ReportSession, model: ReportModel): string {
  const who = model.type === 'multi-patient' ? `${escapeHtml(s.PatientName)}<br>` : '';
  return `<th scope="col">${who}Session ${escapeHtml(axisLabel(s, 'SessionNumber'))}<br><small>${escapeHtml(reportDateTime(s.DateTime))}</small></th>`;
}

function cell(line: MetricLine, s: ReportSession, model: ReportModel): string {
  if (s.analysis.status !== 'ok') return '<td class="na">—</td>';
  const value = line.value(s.analysis.metrics);
  const position = againstNorm(value, line.norm ? model.norms[line.norm] : undefined);
  const cls = position === 'below' || position === 'above' ? ` class="${position}"` : '';
  const note = cls ? ` title="${position} the adult reference range"` : '';
  return `<td${cls}${note}>${escapeHtml(formatMetric(line, value))}</td>`;
}

function metricsTable(model: ReportModel, lines: readonly MetricLine[]): string {
  const head = `<thead><tr><th scope="col">Metric</th>${model.sessions.map((s) => columnHeading(s, model)).join('')}<th scope="col">Adult reference</th></tr></thead>`;
  const rows = lines.map((line) => {
    const range = line.norm ? model.norms[line.norm] : undefined;
    const norm = range ? `${formatMetric(line, range.low)}–${formatMetric(line, range.high)}` : '';
    return (
      `<tr><th scope="row">${escapeHtml(line.label)} (${escapeHtml(line.unit)})</th>${model.sessions.map((s) => cell(line, s, model)).join('')}` +
      `<td class="norm">${escapeHtml(norm)}</td></tr>`
    );
  });
  const missing = model.sessions
    .filter((s) => s.analysis.status !== 'ok')
    .map(
      (s) =>
        `<p class="na">Session ${escapeHtml(axisLabel(s, 'SessionNumber'))}: ${escapeHtml(s.analysis.status === 'ok' ? '' : s.analysis.reason)}</p>`,
    );
  return `<table>${head}<tbody>${rows.join('')}</tbody></table>${missing.join('')}`;
}

function charts(model: ReportModel, lines: readonly MetricLine[]): string {
  if (model.type === 'session') {
    const only = model.sessions[0];
    if (only?.analysis.status !== 'ok') return '';
    const m = only.analysis.metrics;
    return (
      `<h2>Gait cycle phases</h2><div class="charts">${pieChartSvg('Stance and swing (mean of both feet)', phaseSlices(m))}` +
      `${pieChartSvg('Support phases over the gait cycle', supportSlices(m))}</div>`
    );
  }
  const axisName = model.xAxisType === 'Date' ? 'date' : 'session number';
  const trends = lines.map((line) => {
    const points = model.sessions.map((s) => ({
      x: axisLabel(s, model.xAxisType),
      y: s.analysis.status === 'ok' ? line.value(s.analysis.metrics) : Number.NaN,
    }));
    return trendChartSvg(
      `${line.label} by ${axisName}`,
      line.unit,
      points,
      line.norm ? model.norms[line.norm] : undefined,
    );
  });
  return `<h2>Trends</h2><div class="charts">${trends.join('')}</div>`;
}

function footer(model: ReportModel): string {
  const sources = [...new Set(Object.values(model.norms).map((n) => n.source))];
  return (
    `<footer><p>Generated ${escapeHtml(reportDateTime(model.generatedAt))} UTC by ${escapeHtml(model.generatedBy)}. ` +
    `Method: ${escapeHtml(model.method)}. ▼/▲: below/above the adult reference range.</p>` +
    (sources.length ? `<p>Reference ranges: ${sources.map(escapeHtml).join('; ')}.</p>` : '') +
    '</footer>'
  );
}
