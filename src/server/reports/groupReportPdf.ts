import PDFDocument from 'pdfkit';
import {
  GROUP_REPORT_TITLE,
  groupRows,
  memberBrief,
  outsideReference,
  spreadText,
  type GroupReportModel,
} from '#shared/reports/groupReportModel';
import { groupNotes, groupSources } from '#shared/reports/groupReportNotes';
import { reportTime } from '#shared/reports/reportTime';

const X0 = 48;
const WIDTH = 500;
/** Column left edges and widths of the distribution table (A4 less the margins). */
const COLUMNS = [
  { title: 'Metric', width: 170 },
  { title: 'n', width: 30 },
  { title: 'Median', width: 55 },
  { title: 'IQR (Q1–Q3)', width: 85 },
  { title: 'Adult reference', width: 80 },
  { title: 'Below', width: 40 },
  { title: 'Above', width: 40 },
];

/**
 * The group report as a vector PDF (A4, built-in Helvetica): the same distribution rows, latest values and list of
 * who lies outside the reference as the HTML report (groupRows), flags written as words (Helvetica has no ▲▼).
 */
export function renderGroupReportPdf(model: GroupReportModel): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: X0, info: { Title: GROUP_REPORT_TITLE, Creator: 'Gait Portal' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const rows = groupRows(model);
  const recorded = model.members.filter((m) => m.latest !== null).length;

  doc.font('Helvetica-Bold').fontSize(18).fillColor('#1b1f23').text(GROUP_REPORT_TITLE);
  doc.moveDown(0.4).font('Helvetica').fontSize(10);
  doc.text(`Group: ${model.criteria.join('; ')}`, { width: WIDTH });
  doc.text(`Patients: ${String(model.members.length)} (${String(recorded)} with a recording for a report)`);

  heading(doc, 'Distribution across the group');
  tableRow(
    doc,
    COLUMNS.map((c) => c.title),
    true,
  );
  for (const row of rows) {
    const s = spreadText(row);
    const outside = outsideReference(row);
    tableRow(
      doc,
      [row.heading, s.n, s.median, s.iqr, row.reference, String(outside.below.length), String(outside.above.length)],
      false,
    );
  }

  heading(doc, 'Outside the reference');
  const outsideLines = rows.flatMap((row) => {
    const { below, above } = outsideReference(row);
    return [
      ...(below.length > 0 ? [`${row.heading}, below: ${below.join('; ')}`] : []),
      ...(above.length > 0 ? [`${row.heading}, above: ${above.join('; ')}`] : []),
    ];
  });
  if (outsideLines.length === 0)
    outsideLines.push('No patient lies outside the adult reference on the chosen metrics.');
  for (const line of outsideLines) doc.text(line, X0, doc.y, { width: WIDTH });

  heading(doc, "Each patient's latest value");
  model.members.forEach((member, i) => {
    const when =
      member.latest === null
        ? 'no recording for a report'
        : `session ${String(member.latest.SessionNumber)}.${String(member.latest.SubSessionNumber)}, ${reportTime(member.latest.DateTime, model.timeZone).text}`;
    const values = rows.map((row) => {
      const v = row.values[i];
      const flag = v?.position === 'below' || v?.position === 'above' ? ` (${v.position})` : '';
      return `${row.line.label} ${v?.text ?? '—'}${flag}`;
    });
    doc
      .font('Helvetica-Bold')
      .text(`${member.PatientName} (${member.GivenPatientID})`, X0, doc.y, { continued: true, width: WIDTH })
      .font('Helvetica')
      .text(`: ${memberBrief(member, model.generatedAt)}; ${when}. ${values.join('; ')}.`);
  });

  doc.font('Helvetica').fontSize(8);
  for (const note of groupNotes(model)) doc.moveDown(0.5).text(note, X0, doc.y, { width: WIDTH });
  doc
    .moveDown()
    .fillColor('#555')
    .text(
      `Generated ${reportTime(model.generatedAt, model.timeZone).text} by ${model.generatedBy}. Times are in the ${model.timeZone} time zone, with their offset from UTC. Method: ${model.method}. Median and quartiles by linear interpolation (Hyndman & Fan 1996, definition 7).`,
      X0,
      doc.y,
      { width: WIDTH },
    );
  const sources = groupSources(model);
  doc.moveDown(0.5).text('References:', X0, doc.y, { width: WIDTH });
  sources.forEach((source, i) => doc.text(`${String(i + 1)}. ${source}`, X0, doc.y, { width: WIDTH }));
  doc.end();
  return done;
}

function heading(doc: PDFKit.PDFDocument, text: string): void {
  doc.moveDown().font('Helvetica-Bold').fontSize(12).fillColor('#1b1f23').text(text, X0, doc.y);
  doc.moveDown(0.3).font('Helvetica').fontSize(9);
}

function tableRow(doc: PDFKit.PDFDocument, cells: readonly string[], bold: boolean): void {
  if (doc.y > doc.page.height - 72) doc.addPage();
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
  let x = X0;
  cells.forEach((text, i) => {
    const width = COLUMNS[i]?.width ?? 40;
    doc.text(text, x, y, { width: width - 4, align: i === 0 ? 'left' : 'right', lineBreak: false, ellipsis: true });
    x += width;
  });
  doc.y = y + 14;
  doc
    .moveTo(X0, doc.y - 2)
    .lineTo(x, doc.y - 2)
    .lineWidth(0.3)
    .strokeColor('#c8ccd0')
    .stroke();
}
