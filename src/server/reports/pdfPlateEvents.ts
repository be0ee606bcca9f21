import type { ReportModel } from '#shared/reports/reportModel';
import {
  PLATE_EVENT_COLUMNS,
  PLATE_EVENTS_HEADING,
  PLATE_EVENTS_NOTE,
  plateEventRows,
} from '#shared/reports/reportPlateEvents';

const WIDTHS = [70, 130, 80, 50, 100] as const;

/** The HTML report's list of force plate events, as a small table under the metrics; nothing when there are none. */
export function drawPlateEvents(doc: PDFKit.PDFDocument, model: ReportModel): void {
  const rows = plateEventRows(model);
  if (rows.length === 0) return;
  const x0 = 48;
  doc.moveDown().font('Helvetica-Bold').fontSize(11).fillColor('#1b1f23').text(PLATE_EVENTS_HEADING, x0, doc.y);
  const line = (cells: readonly string[], bold: boolean) => {
    if (doc.y > doc.page.height - 72) doc.addPage();
    const y = doc.y + 2;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    let x = x0;
    cells.forEach((cell, i) => {
      doc.text(cell, x, y, { width: (WIDTHS[i] ?? 60) - 6, lineBreak: false });
      x += WIDTHS[i] ?? 60;
    });
    doc.x = x0;
    doc.y = y + 12;
  };
  line(PLATE_EVENT_COLUMNS, true);
  for (const r of rows) line([r.session, r.event, r.time, r.plate, r.replaced], false);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#555')
    .text(PLATE_EVENTS_NOTE, x0, doc.y + 4, { width: 500 });
}
