import { describe, expect, it } from 'vitest';
import { computeGaitMetrics } from '../gait/gaitMetrics.ts';
import { syntheticWalk } from '../gait/syntheticWalk.ts';
import { renderReportHtml } from './reportHtml.ts';
import { REPORT_METRIC_NAMES } from './reportMetrics.ts';
import type { ReportModel, ReportSession } from './reportModel.ts';

function session(n: number, speed: number, overrides: Partial<ReportSession> = {}): ReportSession {
  const { recording } = syntheticWalk({
    seed: n,
    speed,
    cadence: 110,
    stancePercent: 61,
    direction: 'toward',
    durationS: 8,
  });
  const analysis = computeGaitMetrics(recording);
  if (analysis.status !== 'ok') throw new Error(analysis.reason);
  return {
    SessionID: `s${String(n)}`,
    SubSessionID: `ss${String(n)}`,
    SessionNumber: n,
    SubSessionNumber: 1,
    DateTime: `2026-0${String(n)}-10T09:30:00.000Z`,
    UniquePatientID: 'p1',
    PatientName: 'Olivia Bennett',
    GivenPatientID: 'GP-1001',
    ClinicianName: 'Dr Rhea Okafor',
    TestName: '10-Metre Walk Test',
    ClinicName: 'Northgate Medical',
    analysis: { status: 'ok', metrics: analysis.session },
    ...overrides,
  };
}

const model = (overrides: Partial<ReportModel>): ReportModel => ({
  type: 'session',
  xAxisType: 'SessionNumber',
  metrics: [...REPORT_METRIC_NAMES],
  sessions: [session(1, 1.2)],
  norms: { speed: { low: 1.1, high: 1.5, source: 'Bohannon & Andrews 2011' } },
  generatedAt: '2026-11-22T10:00:00.000Z',
  generatedBy: 'demo-clinician',
  method: 'test method',
  ...overrides,
});

describe('HTML gait report', () => {
  it('shows the header, every chosen metric with its value and the adult range, and the phase pie charts', () => {
    const html = renderReportHtml(model({}));
    expect(html).toContain('Single Session Gait Report');
    expect(html).toContain('Olivia Bennett (GP-1001)');
    expect(html).toContain('10/01/2026 09:30');
    for (const label of [
      'Walking speed (m/s)',
      'Cadence (steps/min)',
      'Stance phase, left',
      'Double support',
      'Step length, right',
      'Step count',
      'Distance walked',
    ]) {
      expect(html).toContain(label);
    }
    expect(html).toMatch(/Walking speed \(m\/s\)<\/th><td>1\.(19|20|21)<\/td><td class="norm">1\.10–1\.50<\/td>/);
    expect(html).toContain('Stance and swing (mean of both feet)');
    expect(html).toContain('Bohannon &amp; Andrews 2011');
  });

  it('includes only the chosen metrics', () => {
    const html = renderReportHtml(model({ metrics: ['Cadence'] }));
    expect(html).toContain('Cadence (steps/min)');
    expect(html).not.toContain('Walking speed');
  });

  it('flags a value outside the adult range', () => {
    const html = renderReportHtml(model({ sessions: [session(1, 0.6)], metrics: ['Speed'] }));
    expect(html).toMatch(/<td class="below" title="below the adult reference range">0\.(59|60|61)<\/td>/);
  });

  it('draws a trend per metric line across sessions for a multi-session report, in x-axis order', () => {
    const html = renderReportHtml(
      model({
        type: 'multi-session',
        metrics: ['Speed'],
        sessions: [session(3, 1.3), session(1, 0.9), session(2, 1.1)].sort((a, b) => a.SessionNumber - b.SessionNumber),
      }),
    );
    expect(html).toContain('Walking speed by session number');
    expect(html.indexOf('Session 1.1')).toBeLessThan(html.indexOf('Session 2.1'));
    expect((html.match(/<circle/g) ?? []).length).toBe(3);
  });

  it('says why a session has no metrics instead of printing numbers', () => {
    const html = renderReportHtml(
      model({
        sessions: [
          session(1, 1.2, { analysis: { status: 'insufficient-data', reason: 'Too short for one gait cycle.' } }),
        ],
      }),
    );
    expect(html).toContain('Too short for one gait cycle.');
    expect(html).not.toMatch(/NaN|Infinity/);
  });

  it('is self-contained and escapes names, so a record cannot inject markup or reach the network', () => {
    const html = renderReportHtml(model({ sessions: [session(1, 1.2, { PatientName: '<script>alert(1)</script>' })] }));
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toMatch(/\b(src|href)=|url\(|@import/);
  });
});
