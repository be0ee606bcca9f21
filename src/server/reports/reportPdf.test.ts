import { describe, expect, it } from 'vitest';
import { reportModel, reportSession, walkMetrics } from '../../../tests/fixtures/reports/reportModels.ts';
import type { GaitMetrics } from '#shared/gait/gaitResult';
import { reportTable } from '#shared/reports/reportTable';
import { renderReportPdf } from './reportPdf.ts';

/** The text the PDF shows, from its uncompressed content streams (hex strings of WinAnsi codes in TJ arrays). */
function pdfText(pdf: Buffer): string {
  const content = pdf.toString('latin1');
  const lines = [...content.matchAll(/\[(.*?)\] TJ/g)].map((m) =>
    [...(m[1] ?? '').matchAll(/<([0-9a-f]*)>/g)].map((h) => Buffer.from(h[1] ?? '', 'hex').toString('latin1')).join(''),
  );
  return lines.join('\n');
}

/** Filled triangles: a move, two lines, close, the fill colour and fill. */
const triangles = (pdf: Buffer) =>
  (pdf.toString('latin1').match(/[\d.]+ [\d.]+ m\n[\d.]+ [\d.]+ l\n[\d.]+ [\d.]+ l\nh\n(?:[^\n]*\n){0,3}?f\n/g) ?? [])
    .length;

describe('PDF gait report (pie-chart variant)', () => {
  it('has the same reference column, flags and rounding as the HTML report', async () => {
    const base = walkMetrics(1, 1.2);
    const metrics: GaitMetrics = { ...base, speed: 0.61 as never, cadence: 131.2 as never };
    const model = reportModel({
      metrics: ['Speed', 'Cadence', 'Double/Single Support Percentage'],
      sessions: [reportSession(1, 1.2, { analysis: { status: 'ok', metrics } })],
    });
    const pdf = await renderReportPdf(model, { compress: false });
    const text = pdfText(pdf);
    expect(text).toContain('Adult reference');
    expect(text).not.toContain('Adult range');
    expect(text).toContain('0.61');
    expect(text).toContain('131.2');
    const flagged = reportTable(model)
      .flatMap((r) => r.cells)
      .filter((c) => c.flag !== null).length;
    expect(flagged).toBeGreaterThanOrEqual(2);
    // One triangle per flagged value, and the legend's two.
    expect(triangles(pdf)).toBe(flagged + 2);
    expect(text).toContain('below / above the adult reference range');
  });

  it("flags no child's value against the adult ranges, says why, and cites each work once", async () => {
    const base = walkMetrics(1, 1.2);
    const metrics: GaitMetrics = { ...base, speed: 0.61 as never, cadence: 131.2 as never };
    const child = reportSession(1, 1.2, {
      patient: { sex: 'Male', dateOfBirth: '2015-06-01', heightCm: 140 },
      analysis: { status: 'ok', metrics },
    });
    const pdf = await renderReportPdf(reportModel({ metrics: ['Speed', 'Cadence'], sessions: [child] }), {
      compress: false,
    });
    const text = pdfText(pdf);
    expect(triangles(pdf)).toBe(2);
    expect(text).toContain('10 years old at the recording: no value is flagged.');
    expect(text).not.toContain('0.94');
    expect(text.match(/Lythgo N/g) ?? []).toHaveLength(1);
  });

  it("prints each session's warnings under the table, as the HTML report does", async () => {
    const warning = 'The walk was not level: the pelvis fell 9.8 cm per metre walked.';
    const session = reportSession(1, 1.2, {
      analysis: { status: 'ok', metrics: walkMetrics(1, 1.2), warnings: [warning] },
    });
    const pdf = await renderReportPdf(reportModel({ metrics: ['Speed'], sessions: [session] }), { compress: false });
    expect(pdfText(pdf).replace(/\n/g, ' ')).toContain(`Session 1.1: ${warning}`);
  });

  it("states the patient's sex and age, and writes every time with its zone", async () => {
    const pdf = await renderReportPdf(reportModel({ metrics: ['Speed'], timeZone: 'Europe/London' }), {
      compress: false,
    });
    const text = pdfText(pdf);
    expect(text).toContain('female, 67 years old at the recording');
    expect(text).toContain('10/01/2026 09:30 (UTC+00:00)');
    expect(text).toContain('Europe/London time zone');
  });
});

describe('PDF gait report of a trial with force plates', () => {
  it('lists the events the plates gave', async () => {
    const plateEvents = [{ side: 'left', kind: 'toeOff', time: 5.7029, plate: 3, kinematicTime: 5.696 }] as never;
    const session = reportSession(1, 1.2, { analysis: { status: 'ok', metrics: walkMetrics(1, 1.2), plateEvents } });
    const text = pdfText(
      await renderReportPdf(reportModel({ metrics: ['Speed'], sessions: [session] }), { compress: false }),
    );
    expect(text).toContain('Gait events from force plates');
    expect(text).toContain('Left toe off');
    expect(text).toContain('5.703');
    expect(text).toContain('5.696');
  });
});
