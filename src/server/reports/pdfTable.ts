import { REFERENCE_HEADING, reportTable, type Flag } from '#shared/reports/reportTable';
import { axisLabel, type ReportModel } from '#shared/reports/reportModel';

/**
 * The report's metrics table in the PDF: the same rows, rounding and flags as the HTML table (reportTable). The
 * built-in Helvetica has no ▲ or ▼, so the flags are drawn as small filled triangles beside the value, and the
 * legend under the table draws the same marks.
 */
export function drawMetricsTable(doc: PDFKit.PDFDocument, model: ReportModel): void {
  const rows = reportTable(model);
  const sessions = model.sessions.slice(0, 4);
  const colWidth = Math.min(90, 300 / Math.max(1, sessions.length));
  const x0 = 48;
  const labelWidth = 190;
  let y = doc.y + 10;
  const row = (cells: { text: string; flag: Flag | null }[], bold: boolean) => {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9)
      .fillColor('#1b1f23');
    doc.text(cells[0]?.text ?? '', x0, y, { width: labelWidth });
    cells.slice(1).forEach((c, i) => {
      const left = x0 + labelWidth + i * colWidth;
      doc.font(c.flag === null || bold ? (bold ? 'Helvetica-Bold' : 'Helvetica') : 'Helvetica-Bold');
      doc.text(c.text, left, y, { width: colWidth - 14, align: 'right' });
      if (c.flag !== null) triangle(doc, left + colWidth - 10, y + 1, c.flag);
    });
    y += 14;
    if (y > doc.page.height - 72) {
      doc.addPage();
      y = 48;
    }
    doc
      .moveTo(x0, y - 2)
      .lineTo(x0 + labelWidth + (cells.length - 1) * colWidth, y - 2)
      .lineWidth(0.3)
      .strokeColor('#c8ccd0')
      .stroke();
  };
  const plain = (text: string) => ({ text, flag: null });
  row(
    [
      plain('Metric'),
      ...sessions.map((x) => plain(`Session ${axisLabel(x, 'SessionNumber', model.timeZone)}`)),
      plain(REFERENCE_HEADING),
    ],
    true,
  );
  for (const r of rows) row([plain(r.heading), ...r.cells.slice(0, 4), plain(r.reference)], false);
  doc.y = y + 4;
  // The legend: the same marks as the table, then their meaning.
  triangle(doc, x0, doc.y + 1, 'below');
  triangle(doc, x0 + 10, doc.y + 1, 'above');
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#1b1f23')
    .text(': below / above the adult reference range.', x0 + 20, doc.y, { width: 400 });
}

/** A filled triangle 6 points wide pointing down (below the range) or up (above it). */
function triangle(doc: PDFKit.PDFDocument, x: number, y: number, flag: Flag): void {
  doc.save();
  if (flag === 'below')
    doc
      .moveTo(x, y)
      .lineTo(x + 6, y)
      .lineTo(x + 3, y + 6);
  else
    doc
      .moveTo(x + 3, y)
      .lineTo(x + 6, y + 6)
      .lineTo(x, y + 6);
  doc.closePath().fill('#1b1f23');
  doc.restore();
}
