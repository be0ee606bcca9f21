import { escapeHtml } from './svgCharts.ts';
import {
  GROUP_REPORT_TITLE,
  groupRows,
  memberBrief,
  memberSpeedReference,
  outsideReference,
  spreadText,
  type GroupReportModel,
  type GroupRow,
} from './groupReportModel.ts';
import { groupNotes, groupSources } from './groupReportNotes.ts';
import { reportTime } from './reportTime.ts';

const STYLE = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f23;margin:24px auto;max-width:1100px;padding:0 16px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:24px 0 8px}
.meta{display:grid;grid-template-columns:max-content 1fr;gap:2px 16px;margin:12px 0}.meta dt{font-weight:600}.meta dd{margin:0}
.scroll{overflow-x:auto}table{border-collapse:collapse;width:100%;margin:8px 0}th,td{border:1px solid #c8ccd0;padding:4px 8px;text-align:right}
th:first-child,td:first-child,td.text{text-align:left}thead th{background:#eef3f6}td.norm{color:#555;font-size:12px}
.below,.above{font-weight:700}.below::after{content:" \\25BC"}.above::after{content:" \\25B2"}.na{color:#777;font-style:italic}
footer{margin-top:24px;font-size:12px;color:#555}.refs{margin:4px 0;padding-left:20px}
@media print{body{margin:0;max-width:none}h2{break-after:avoid}.scroll{overflow:visible}tr{break-inside:avoid}}
`;

const cell = (text: string, className?: string) =>
  `<td${className === undefined ? '' : ` class="${className}"`}>${escapeHtml(text)}</td>`;

/**
 * The group report as a self-contained, printable HTML page: the spread of each chosen measure across the group
 * against the adult reference, each patient's latest value, and who lies outside the reference.
 */
export function renderGroupReportHtml(model: GroupReportModel): string {
  const rows = groupRows(model);
  const body = [
    `<h1>${GROUP_REPORT_TITLE}</h1>`,
    header(model),
    '<h2>Distribution across the group</h2>',
    spreadTable(rows),
    "<h2>Each patient's latest value</h2>",
    latestTable(model, rows),
    '<h2>Outside the reference</h2>',
    outsideList(rows),
    ...groupNotes(model).map((note) => `<p class="na">${escapeHtml(note)}</p>`),
    footer(model),
  ].join('\n');
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${GROUP_REPORT_TITLE}</title><style>${STYLE}</style></head><body>${body}</body></html>`
  );
}

function header(model: GroupReportModel): string {
  const recorded = model.members.filter((m) => m.latest !== null).length;
  const rows: [string, string][] = [
    ['Group', model.criteria.join('; ')],
    ['Patients', `${String(model.members.length)} (${String(recorded)} with a recording for a report)`],
  ];
  return `<dl class="meta">${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>`;
}

function spreadTable(rows: readonly GroupRow[]): string {
  const head = ['Metric', 'n', 'Median', 'IQR (Q1–Q3)', 'Adult reference', 'Below', 'Above']
    .map((h) => `<th scope="col">${escapeHtml(h)}</th>`)
    .join('');
  const body = rows.map((row) => {
    const s = spreadText(row);
    const outside = outsideReference(row);
    return (
      `<tr><th scope="row">${escapeHtml(row.heading)}</th>${cell(s.n)}${cell(s.median)}${cell(s.iqr)}` +
      `${cell(row.reference, 'norm')}${cell(String(outside.below.length))}${cell(String(outside.above.length))}</tr>`
    );
  });
  return `<div class="scroll"><table><thead><tr>${head}</tr></thead><tbody>${body.join('')}</tbody></table></div>`;
}

function latestTable(model: GroupReportModel, rows: readonly GroupRow[]): string {
  const heads = [
    'Patient',
    'Sex, age',
    'Latest recording',
    ...rows.map((r) => r.heading),
    'Mean speed for age and sex',
  ];
  const head = heads.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('');
  const body = model.members.map((member, i) => {
    const when =
      member.latest === null
        ? 'No recording for a report'
        : `Session ${String(member.latest.SessionNumber)}.${String(member.latest.SubSessionNumber)}, ${reportTime(member.latest.DateTime, model.timeZone).text}`;
    const values = rows.map((row) => {
      const v = row.values[i];
      if (v === undefined) return cell('—');
      return v.position === 'below' || v.position === 'above'
        ? `<td class="${v.position}" title="${v.position} the adult reference range">${escapeHtml(v.text)}</td>`
        : cell(v.text);
    });
    return (
      `<tr><th scope="row">${escapeHtml(`${member.PatientName} (${member.GivenPatientID})`)}</th>` +
      `${cell(memberBrief(member, model.generatedAt), 'text')}${cell(when, 'text')}${values.join('')}` +
      `${cell(memberSpeedReference(member, model.generatedAt), 'text')}</tr>`
    );
  });
  return `<div class="scroll"><table><thead><tr>${head}</tr></thead><tbody>${body.join('')}</tbody></table></div>`;
}

function outsideList(rows: readonly GroupRow[]): string {
  const items = rows.flatMap((row) => {
    const { below, above } = outsideReference(row);
    if (below.length + above.length === 0) return [];
    const parts = [
      ...(below.length > 0 ? [`below: ${below.join('; ')}`] : []),
      ...(above.length > 0 ? [`above: ${above.join('; ')}`] : []),
    ];
    return [`<li><strong>${escapeHtml(row.heading)}</strong> — ${escapeHtml(parts.join(' — '))}</li>`];
  });
  return items.length === 0
    ? '<p>No patient lies outside the adult reference on the chosen metrics.</p>'
    : `<ul>${items.join('')}</ul>`;
}

function footer(model: GroupReportModel): string {
  const sources = groupSources(model);
  return (
    `<footer><p>Generated ${escapeHtml(reportTime(model.generatedAt, model.timeZone).text)} by ${escapeHtml(model.generatedBy)}. ` +
    `Times are in the ${escapeHtml(model.timeZone)} time zone, with their offset from UTC. Method: ${escapeHtml(model.method)}. ` +
    'Median and quartiles by linear interpolation (Hyndman &amp; Fan 1996, definition 7). ▼/▲: below/above the adult reference range.</p>' +
    (sources.length
      ? `<p>References:</p><ol class="refs">${sources.map((x) => `<li>${escapeHtml(x)}</li>`).join('')}</ol>`
      : '') +
    '</footer>'
  );
}
