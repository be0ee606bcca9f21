import type { Slice } from '#shared/reports/svgCharts';

/** A vector pie chart with its legend, drawn at (x, y) with radius r. */
export function drawPieChart(
  doc: PDFKit.PDFDocument,
  title: string,
  slices: readonly Slice[],
  x: number,
  y: number,
  r: number,
): void {
  const shown = slices.filter((s) => Number.isFinite(s.value) && s.value > 0);
  const total = shown.reduce((sum, s) => sum + s.value, 0);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor('#1b1f23')
    .text(title, x - r, y - r - 22, { width: 2 * r + 220 });
  let angle = -Math.PI / 2;
  for (const slice of shown) {
    const sweep = (slice.value / total) * Math.PI * 2;
    const end = angle + sweep;
    doc.save();
    if (sweep >= Math.PI * 2 - 1e-9) {
      doc.circle(x, y, r).fill(slice.colour);
    } else {
      doc.moveTo(x, y).lineTo(x + r * Math.cos(angle), y + r * Math.sin(angle));
      // Arcs are approximated by short chords: pdfkit has no arc-to with a centre; 2° steps look round in print.
      for (let a = angle; a < end; a += Math.PI / 90) doc.lineTo(x + r * Math.cos(a), y + r * Math.sin(a));
      doc
        .lineTo(x + r * Math.cos(end), y + r * Math.sin(end))
        .closePath()
        .fill(slice.colour);
    }
    doc.restore();
    angle = end;
  }
  shown.forEach((slice, i) => {
    const ly = y - r + 8 + i * 18;
    doc.rect(x + r + 20, ly, 10, 10).fill(slice.colour);
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor('#1b1f23')
      .text(`${slice.label}: ${slice.text}`, x + r + 36, ly, { width: 200 });
  });
}
