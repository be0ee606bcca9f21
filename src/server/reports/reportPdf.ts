import PDFDocument from 'pdfkit';
import { ageAndSexReferences, patientSummary } from '#shared/reports/reportPeople';
import { REPORT_TITLES, axisLabel, sessionWarnings, type ReportModel } from '#shared/reports/reportModel';
import { phaseSlices, supportSlices } from '#shared/reports/reportPhases';
import { childReferenceNotes, reportSources } from '#shared/reports/reportReferences';
import { sessionMetrics } from '#shared/reports/reportTable';
import { reportTime } from '#shared/reports/reportTime';
import { drawPieChart } from './pdfPieChart.ts';
import { drawMetricsTable } from './pdfTable.ts';
import { drawPlateEvents } from './pdfPlateEvents.ts';

export type PdfOptions = { compress?: boolean };

/**
 * The pie-chart variant of a report as a vector PDF (A4): header, the stance/swing and support pie charts of the
 * first session with metrics, and the same metrics table as the HTML report, flags and adult reference included.
 * Built-in Helvetica: no font files.
 */
export function renderReportPdf(model: ReportModel, options: PdfOptions = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    compress: options.compress ?? true,
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
  const unique = (values: string[]) => [...new Set(values)];
  doc.text(
    `${s.length > 1 && model.type === 'multi-patient' ? 'Patients' : 'Patient'}: ${unique(s.map(patientSummary)).join('; ')}`,
  );
  doc.text(
    `Clinician: ${unique(s.map((x) => x.ClinicianName)).join(', ')}    Clinic: ${unique(s.map((x) => x.ClinicName)).join(', ')}`,
  );
  doc.text(
    `Sessions: ${s.map((x) => `${axisLabel(x, 'SessionNumber', model.timeZone)} (${reportTime(x.DateTime, model.timeZone).text})`).join(', ')}`,
  );
  for (const line of ageAndSexReferences(model)) doc.text(`For age and sex: ${line}`);

  const first = s.map(sessionMetrics).find((m) => m !== null);
  const top = doc.y + 50;
  if (first) {
    drawPieChart(doc, 'Stance and swing', phaseSlices(first), 110, top + 60, 60);
    drawPieChart(doc, 'Support phases', supportSlices(first), 110, top + 230, 60);
    doc.y = top + 320;
  } else {
    doc.moveDown().text('No session in this report has enough walking for gait metrics.');
  }
  drawMetricsTable(doc, model);
  drawPlateEvents(doc, model);
  doc.font('Helvetica').fontSize(8).fillColor('#1b1f23');
  for (const note of [...childReferenceNotes(model), ...sessionWarnings(model)]) {
    doc.moveDown(0.5).text(note, 48, doc.y, { width: 500 });
  }
  doc
    .moveDown()
    .fontSize(8)
    .fillColor('#555')
    .text(
      `Generated ${reportTime(model.generatedAt, model.timeZone).text} by ${model.generatedBy}. Times are in the ${model.timeZone} time zone, with their offset from UTC. Method: ${model.method}.`,
      48,
      doc.y,
      { width: 500 },
    );
  const sources = reportSources(model);
  if (sources.length > 0) doc.moveDown(0.5).text('References:', 48, doc.y, { width: 500 });
  sources.forEach((source, i) => doc.text(`${String(i + 1)}. ${source}`, 48, doc.y, { width: 500 }));
  doc.end();
  return done;
}
