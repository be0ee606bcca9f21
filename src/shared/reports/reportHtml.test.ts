import { describe, expect, it } from 'vitest';
import { reportModel, reportSession, walkMetrics } from '../../../tests/fixtures/reports/reportModels.ts';
import type { GaitMetrics } from '../gait/gaitResult.ts';
import { renderReportHtml } from './reportHtml.ts';

const withMetrics = (metrics: GaitMetrics) => reportSession(1, 1.2, { analysis: { status: 'ok', metrics } });
/** The cell text of a table row, by its heading. */
function row(html: string, heading: string): string {
  const match = new RegExp(`<th scope="row">${heading.replace(/[()/]/g, '\\$&')}</th>(.*?)</tr>`).exec(html);
  if (!match) throw new Error(`no row ${heading}`);
  return match[1] ?? '';
}

describe('HTML gait report', () => {
  it('shows the header, every chosen metric with its value and the adult reference, and the phase pie charts', () => {
    const html = renderReportHtml(reportModel({ metrics: ['Speed', 'Cadence', 'Step Count'] }));
    expect(html).toContain('Single Session Gait Report');
    expect(html).toContain('Olivia Bennett (GP-1001)');
    expect(html).toContain('10/01/2026 09:30 (UTC+00:00)');
    expect(html).toMatch(/Walking speed \(m\/s\)<\/th><td>1\.\d\d<\/td><td class="norm">0\.94–1\.43<\/td>/);
    expect(html).toContain('<th scope="col">Adult reference</th>');
    expect(html).toContain('Stance and swing (both feet)');
    expect(html).toContain('Bohannon RW, Andrews AW');
    expect(html).not.toContain('Distance walked');
  });

  it("states the patient's sex, age at the recording and height, and the speed expected for them", () => {
    const html = renderReportHtml(reportModel({ metrics: ['Speed'] }));
    // Born 14/03/1958, walked 10/01/2026: 67 years old.
    expect(html).toContain('Olivia Bennett (GP-1001): female, 67 years old at the recording, 1.65 m tall');
    expect(html).toContain('mean comfortable walking speed of healthy women aged 60–69: 1.24 m/s');
    const unknown = renderReportHtml(
      reportModel({
        sessions: [reportSession(1, 1.2, { patient: { sex: '', dateOfBirth: null, heightCm: null } })],
      }),
    );
    expect(unknown).toContain('sex not recorded, age not recorded');
    expect(unknown).not.toContain('For age and sex');
  });

  it('flags a value outside the adult reference only when the printed value is outside the printed range', () => {
    const base = walkMetrics(1, 1.2);
    const m: GaitMetrics = {
      ...base,
      left: { ...base.left, stancePercent: 62.04 as never, swingPercent: 37.96 as never },
      right: { ...base.right, stancePercent: 62.06 as never, swingPercent: 37.94 as never },
    };
    const html = renderReportHtml(
      reportModel({ metrics: ['Stance/Swing Phase Percentage'], sessions: [withMetrics(m)] }),
    );
    // 62.04 prints as 62.0, inside 58.0–62.0; 62.06 prints as 62.1, above it.
    expect(row(html, 'Stance phase, left (% of cycle)')).toMatch(/^<td>62\.0<\/td>/);
    expect(row(html, 'Stance phase, right (% of cycle)')).toMatch(/^<td class="above"[^>]*>62\.1<\/td>/);
    expect(row(html, 'Swing phase, left (% of cycle)')).toMatch(/^<td>38\.0<\/td>/);
    expect(row(html, 'Swing phase, right (% of cycle)')).toMatch(/^<td class="below"[^>]*>37\.9<\/td>/);
  });

  it('prints the same rounded values in the table and in the pie charts', () => {
    const base = walkMetrics(1, 1.2);
    const m: GaitMetrics = {
      ...base,
      doubleSupportPercent: 24.24 as never,
      left: { ...base.left, singleSupportPercent: 37.93 as never },
      right: { ...base.right, singleSupportPercent: 37.87 as never },
    };
    const html = renderReportHtml(
      reportModel({ metrics: ['Double/Single Support Percentage'], sessions: [withMetrics(m)] }),
    );
    expect(row(html, 'Double support (% of cycle)')).toMatch(/>24\.2<\/td>/);
    expect(html).toContain('Double support: 24.2 %');
    expect(html).toContain('Single support, left: 37.9 %');
    expect(html).not.toContain('24.3');
  });

  it('writes every time in one time zone with its offset, and says which', () => {
    const html = renderReportHtml(
      reportModel({
        timeZone: 'Europe/London',
        sessions: [reportSession(7, 1.2)],
        generatedAt: '2026-07-12T08:05:00.000Z',
      }),
    );
    expect(html).toContain('10/07/2026 10:30 (UTC+01:00)');
    expect(html).toContain('Generated 12/07/2026 09:05 (UTC+01:00)');
    expect(html).toContain('Times are in the Europe/London time zone');
    // No time without its zone.
    for (const time of html.match(/\d\d\/\d\d\/\d{4} \d\d:\d\d.{0,12}/g) ?? [])
      expect(time).toMatch(/\(UTC[+-]\d\d:\d\d\)/);
  });

  it('draws a multi-patient trend as one line per patient, with a legend, and keeps the last label inside', () => {
    const other = { UniquePatientID: 'p2', PatientName: 'Noah Clarke', GivenPatientID: 'GP-1002' };
    const html = renderReportHtml(
      reportModel({
        type: 'multi-patient',
        metrics: ['Speed'],
        sessions: [
          reportSession(1, 1.0),
          reportSession(2, 1.1),
          reportSession(1, 1.3, other),
          reportSession(3, 1.4, other),
        ],
      }),
    );
    const chart = html.slice(html.indexOf('Walking speed by session number'));
    expect((chart.match(/<polyline/g) ?? []).length).toBe(2);
    expect(chart).toContain('Olivia Bennett (GP-1001)</text>');
    expect(chart).toContain('Noah Clarke (GP-1002)</text>');
    expect(chart).toMatch(/text-anchor="end">3\.1<\/text>/);
  });

  it('shows the new measures: stride, step width, phase times, symmetry, variability and joint angle curves', () => {
    const html = renderReportHtml(reportModel());
    for (const heading of [
      'Stride length (m)',
      'Step width, left (m)',
      'Step time (s)',
      'Stance time, left (s)',
      'Initial double support, left (% of cycle)',
      'Symmetry index, step length (%)',
      'Stride time variability (CV) (%)',
      'Walking speed ÷ height (heights/s)',
      'Knee flexion range, left (°)',
      'Hip flexion range, right (°)',
    ]) {
      expect(row(html, heading)).toMatch(/<td[^>]*>-?\d/);
    }
    expect(html).toContain('Knee flexion over the gait cycle');
    expect(html).toContain('Hip flexion over the gait cycle');
  });

  it('says why a session has no metrics instead of printing numbers', () => {
    const html = renderReportHtml(
      reportModel({
        sessions: [
          reportSession(1, 1.2, { analysis: { status: 'insufficient-data', reason: 'Too short for one gait cycle.' } }),
        ],
      }),
    );
    expect(html).toContain('Too short for one gait cycle.');
    expect(html).not.toMatch(/NaN|Infinity/);
  });

  it('is self-contained and escapes names, so a record cannot inject markup or reach the network', () => {
    const html = renderReportHtml(
      reportModel({ sessions: [reportSession(1, 1.2, { PatientName: '<script>alert(1)</script>' })] }),
    );
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toMatch(/\b(src|href)=|url\(|@import/);
  });
});

describe('HTML gait report of a trial with force plates', () => {
  it("lists the events the plates gave, and the markers' times they replaced", () => {
    const plateEvents = [
      { side: 'right', kind: 'heelStrike', time: 4.0417, plate: 1, kinematicTime: 4.0512 },
      { side: 'right', kind: 'toeOff', time: 4.8701, plate: 1, kinematicTime: null },
    ] as const;
    const session = reportSession(1, 1.2, {
      analysis: {
        status: 'ok',
        metrics: walkMetrics(1, 1.2),
        plateEvents: plateEvents.map((e) => ({ ...e })) as never,
      },
    });
    const html = renderReportHtml(reportModel({ metrics: ['Speed'], sessions: [session] }));
    expect(html).toContain('<h2>Gait events from force plates</h2>');
    expect(html).toMatch(/<td>Right heel strike<\/td><td>4\.042<\/td><td>1<\/td><td>4\.051<\/td>/);
    expect(html).toMatch(/<td>Right toe off<\/td><td>4\.870<\/td><td>1<\/td><td>not used<\/td>/);
    expect(html).toContain('Every other heel strike and toe off comes from the markers');
    expect(renderReportHtml(reportModel({ metrics: ['Speed'] }))).not.toContain('force plates');
  });
});
