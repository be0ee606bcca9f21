import { angleCurveSvg } from './svgCurves.ts';
import { escapeHtml, pieChartSvg } from './svgCharts.ts';
import { trendChartSvg } from './svgTrend.ts';
import { ageAndSexReferences, patientBrief, patientSummary } from './reportPeople.ts';
import { axisLabel, REPORT_TITLES, sessionWarnings, type ReportModel, type ReportSession } from './reportModel.ts';
import { phaseSlices, supportSlices } from './reportPhases.ts';
import { FLAG_LEGEND, REFERENCE_HEADING, reportTable, sessionMetrics, type TableRow } from './reportTable.ts';
import { childReferenceNotes, reportSources } from './reportReferences.ts';
import { reportTime } from './reportTime.ts';
import { trendSeries, type TrendSeries } from './trendSeries.ts';
import { PLATE_EVENT_COLUMNS, PLATE_EVENTS_HEADING, PLATE_EVENTS_NOTE, plateEventRows } from './reportPlateEvents.ts';

const STYLE = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f23;margin:24px auto;max-width:1100px;padding:0 16px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:24px 0 8px}
.meta{display:grid;grid-template-columns:max-content 1fr;gap:2px 16px;margin:12px 0}.meta dt{font-weight:600}.meta dd{margin:0}
.scroll{overflow-x:auto}table{border-collapse:collapse;width:100%;margin:8px 0}th,td{border:1px solid #c8ccd0;padding:4px 8px;text-align:right}
th:first-child,td:first-child{text-align:left}thead th{background:#eef3f6}td.norm{color:#555;font-size:12px}
.below,.above{font-weight:700}.below::after{content:" \\25BC"}.above::after{content:" \\25B2"}.na{color:#777;font-style:italic}
.charts{display:flex;flex-wrap:wrap;gap:12px}figure.chart{margin:0;max-width:100%}figure.chart svg{max-width:100%;height:auto}
figcaption{font-size:12px;color:#444;text-align:center}footer{margin-top:24px;font-size:12px;color:#555}.refs{margin:4px 0;padding-left:20px}
@media print{body{margin:0;max-width:none}.charts{break-inside:avoid}h2{break-after:avoid}.scroll{overflow:visible}}
`;

/**
 * A self-contained, printable HTML report: inline styles and SVG charts, no scripts and no external requests. A
 * caller that also answers the trends (generate-report) passes the ones it computed, so they are computed once.
 */
export function renderReportHtml(model: ReportModel, trends?: readonly TrendSeries[]): string {
  const title = REPORT_TITLES[model.type];
  const rows = reportTable(model);
  const body = [
    `<h1>${escapeHtml(title)}</h1>`,
    header(model),
    '<h2>Gait metrics</h2>',
    metricsTable(model, rows),
    plateEvents(model),
    charts(model, trends),
    footer(model),
  ].join('\n');
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`
  );
}

const unique = (values: readonly string[]) => [...new Set(values)];

function header(model: ReportModel): string {
  const s = model.sessions;
  const times = [...s]
    .sort((a, b) => a.DateTime.localeCompare(b.DateTime))
    .map((x) => reportTime(x.DateTime, model.timeZone).text);
  const rows: [string, string][] = [
    [model.type === 'multi-patient' ? 'Patients' : 'Patient', unique(s.map(patientSummary)).join('; ')],
    ['Clinician', unique(s.map((x) => x.ClinicianName)).join(', ')],
    ['Clinic', unique(s.map((x) => x.ClinicName)).join(', ')],
    ['Test', unique(s.map((x) => x.TestName)).join(', ')],
    [s.length === 1 ? 'Session' : 'Sessions', s.map((x) => axisLabel(x, 'SessionNumber', model.timeZone)).join(', ')],
    ['Recorded', times.length <= 1 ? (times[0] ?? '') : `${times[0] ?? ''} – ${times.at(-1) ?? ''}`],
  ];
  const references = ageAndSexReferences(model);
  if (references.length > 0) rows.push(['For age and sex', references.join(' ')]);
  return `<dl class="meta">${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>`;
}

function columnHeading(s: ReportSession, model: ReportModel): string {
  const who = model.type === 'multi-patient' ? `${escapeHtml(s.PatientName)} (${escapeHtml(patientBrief(s))})<br>` : '';
  return `<th scope="col">${who}Session ${escapeHtml(axisLabel(s, 'SessionNumber', model.timeZone))}<br><small>${escapeHtml(reportTime(s.DateTime, model.timeZone).text)}</small></th>`;
}

function metricsTable(model: ReportModel, rows: readonly TableRow[]): string {
  const head = `<thead><tr><th scope="col">Metric</th>${model.sessions.map((s) => columnHeading(s, model)).join('')}<th scope="col">${REFERENCE_HEADING}</th></tr></thead>`;
  const body = rows.map(
    (row) =>
      `<tr><th scope="row">${escapeHtml(row.heading)}</th>` +
      row.cells
        .map((cell) =>
          cell.flag === null
            ? `<td>${escapeHtml(cell.text)}</td>`
            : `<td class="${cell.flag}" title="${cell.flag} the adult reference range">${escapeHtml(cell.text)}</td>`,
        )
        .join('') +
      `<td class="norm">${escapeHtml(row.reference)}</td></tr>`,
  );
  const children = childReferenceNotes(model).map((note) => `<p class="na">${escapeHtml(note)}</p>`);
  const warned = sessionWarnings(model).map((note) => `<p class="na">${escapeHtml(note)}</p>`);
  const missing = model.sessions
    .filter((s) => s.analysis.status !== 'ok')
    .map(
      (s) =>
        `<p class="na">Session ${escapeHtml(axisLabel(s, 'SessionNumber', model.timeZone))}: ${escapeHtml(s.analysis.status === 'ok' ? '' : s.analysis.reason)}</p>`,
    );
  return `<div class="scroll"><table>${head}<tbody>${body.join('')}</tbody></table></div>${children.join('')}${missing.join('')}${warned.join('')}`;
}

/** Which events came from force plates, when any did. */
function plateEvents(model: ReportModel): string {
  const rows = plateEventRows(model);
  if (rows.length === 0) return '';
  const head = PLATE_EVENT_COLUMNS.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join('');
  const body = rows
    .map(
      (r) =>
        `<tr>${[r.session, r.event, r.time, r.plate, r.replaced].map((v) => `<td>${escapeHtml(v)}</td>`).join('')}</tr>`,
    )
    .join('');
  return (
    `<h2>${escapeHtml(PLATE_EVENTS_HEADING)}</h2><div class="scroll"><table><thead><tr>${head}</tr></thead>` +
    `<tbody>${body}</tbody></table></div><p class="na">${escapeHtml(PLATE_EVENTS_NOTE)}</p>`
  );
}

function charts(model: ReportModel, trends: readonly TrendSeries[] | undefined): string {
  if (model.type === 'session') {
    const only = model.sessions[0];
    const m = only === undefined ? null : sessionMetrics(only);
    if (m === null) return '';
    const curves = [
      model.metrics.includes('Knee Flexion')
        ? angleCurveSvg('Knee flexion over the gait cycle', { left: m.left.kneeFlexion, right: m.right.kneeFlexion })
        : '',
      model.metrics.includes('Hip Flexion')
        ? angleCurveSvg('Hip flexion over the gait cycle', { left: m.left.hipFlexion, right: m.right.hipFlexion })
        : '',
    ].join('');
    return (
      `<h2>Gait cycle phases</h2><div class="charts">${pieChartSvg('Stance and swing (both feet)', phaseSlices(m))}` +
      `${pieChartSvg('Support phases over the gait cycle', supportSlices(m))}</div>` +
      (curves === '' ? '' : `<h2>Joint angles</h2><div class="charts">${curves}</div>`)
    );
  }
  const axisName = model.xAxisType === 'Date' ? 'date and time' : 'session number';
  return `<h2>Trends</h2><div class="charts">${(trends ?? trendSeries(model))
    .map((series) => trendChartSvg(series, axisName))
    .join('')}</div>`;
}

function footer(model: ReportModel): string {
  const sources = reportSources(model);
  const generated = reportTime(model.generatedAt, model.timeZone);
  const symmetry = model.metrics.includes('Symmetry Index')
    ? ' Symmetry index: 100 × (left − right) ÷ their mean; 0 is symmetric, positive when the left value is larger (Robinson et al. 1987).'
    : '';
  return (
    `<footer><p>Generated ${escapeHtml(generated.text)} by ${escapeHtml(model.generatedBy)}. Times are in the ${escapeHtml(model.timeZone)} time zone, with their offset from UTC. ` +
    `Method: ${escapeHtml(model.method)}. ${escapeHtml(FLAG_LEGEND)}${escapeHtml(symmetry)}</p>` +
    (sources.length
      ? `<p>References:</p><ol class="refs">${sources.map((x) => `<li>${escapeHtml(x)}</li>`).join('')}</ol>`
      : '') +
    '</footer>'
  );
}
