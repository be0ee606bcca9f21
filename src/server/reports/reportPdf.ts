import PDFDocument from 'pdfkit';
import { METRIC_LINES, formatMetric } from '#shared/reports/reportMetrics';
import { REPORT_TITLES, reportDateTime, type ReportModel } from '#shared/reports/reportModel';
import { phaseSlices, supportSlices } from '#shared/reports/reportPhases';
import { drawPieChart } from './pdfPieChart.ts';

/**
 * The pie-chart variant of a report as a vector PDF (A4): header, the stance/swing and support pie charts of the
 * first session with metrics, and the metrics table with adult reference ranges. Built-in Helvetica: no font files.
 */
export function renderReportPdf(model: ReportModel): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: REPORT_TITLES[model.type], Creator: 'Gait Portal' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(18).text(REPORT_TITLES[model.type]);
  doc.moveDown(0.4).font('Helvetica').fontSize(10);
  const s = model.sessions;
  const names = [...new Set(s.map((x) => `${x.PatientName} (${x.GivenPatientID})`))].join(', ');
  doc.text(`Patient: ${names}`);
  doc.text(
    `Clinician: ${[...new Set(s.map((x) => x.ClinicianName))].join(', ')}    Clinic: ${[...new Set(s.map((x) => x.ClinicName))].join(', ')}`,
  );
  doc.text(
    `Sessions: ${s.map((x) => `${String(x.SessionNumber)}.${String(x.SubSessionNumber)} (${reportDateTime(x.DateTime)})`).join(', ')}`,
  );

  const first = s.find((x) => x.analysis.status === 'ok');
  const top = doc.y + 50;
  if (first?.analysis.status === 'ok') {
    drawPieChart(doc, 'Stance and swing', phaseSlices(first.analysis.metrics), 110, top + 60, 60);
    drawPieChart(doc, 'Support phases', supportSlices(first.analysis.metrics), 110, top + 230, 60);
    doc.y = top + 320;
  } else {
    doc.moveDown().text('No session in this report has enough walking for gait metrics.');
  }
  drawTable(doc, model);
  doc
    .moveDown()
    .fontSize(8)
    .fillColor('#555')
    .text(
      `Generated ${reportDateTime(model.generatedAt)} UTC by ${model.generatedBy}. Method: ${model.method}.`,
      48,
      doc.y,
      { width: 500 },
    );
  doc.end();
  return done;
}

function drawTable(doc: PDFKit.PDFDocument, model: ReportModel): void {
  const lines = model.metrics.flatMap((m) => METRIC_LINES[m]);
  const sessions = model.sessions.slice(0, 4);
  const colWidth = Math.min(90, 300 / Math.max(1, sessions.length));
  const x0 = 48;
  const labelWidth = 190;
  let y = doc.y + 10;
  const row = (cells: string[], bold: boolean) => {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9)
      .fillColor('#1b1f23');
    doc.text(cells[0] ?? '', x0, y, { width: labelWidth });
    cells
      .slice(1)
      .forEach((c, i) => doc.text(c, x0 + labelWidth + i * colWidth, y, { width: colWidth - 6, align: 'right' }));
    y += 14;
    doc
      .moveTo(x0, y - 2)
      .lineTo(x0 + labelWidth + (cells.length - 1) * colWidth, y - 2)
      .lineWidth(0.3)
      .strokeColor('#c8ccd0')
      .stroke();
  };
  row(
    [
      'Metric',
      ...sessions.map((x) => `Session ${String(x.SessionNumber)}.${String(x.SubSessionNumber)}`),
      'Adult range',
    ],
    true,
  );
  for (const line of lines) {
    const range = line.norm ? model.norms[line.norm] : undefined;
    const values = sessions.map((x) =>
      x.analysis.status === 'ok' ? formatMetric(line, line.value(x.analysis.metrics)) : '—',
    );
    row(
      [
        `${line.label} (${line.unit})`,
        ...values,
        range ? `${formatMetric(line, range.low)}–${formatMetric(line, range.high)}` : '',
      ],
      false,
    );
  }
  doc.y = y;
}
