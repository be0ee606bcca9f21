import { describe, expect, it } from 'vitest';
import { reportModel, reportSession, walkMetrics } from '../../../tests/fixtures/reports/reportModels.ts';
import type { GaitMetrics } from '../gait/gaitResult.ts';
import { renderReportHtml } from './reportHtml.ts';
import { reportTable } from './reportTable.ts';
import { trendSeries } from './trendSeries.ts';

/** A slow, short-stepped walk: below every adult range for speed and cadence. */
const slow: GaitMetrics = { ...walkMetrics(1, 1.2), speed: 0.61 as never, cadence: 92 as never };
const child = { sex: 'Male', dateOfBirth: '2015-06-01', heightCm: 140 };
const childSession = (n: number) =>
  reportSession(n, 1.2, {
    patient: child,
    PatientName: 'Leo Hart',
    GivenPatientID: 'GP-2001',
    UniquePatientID: 'p9',
    analysis: { status: 'ok', metrics: slow },
  });

describe('reference ranges by age', () => {
  it('does not flag a 10-year-old against adult ranges, prints none, and says why', () => {
    const model = reportModel({ metrics: ['Speed', 'Cadence', 'Step Length'], sessions: [childSession(1)] });
    const rows = reportTable(model);
    expect(rows.flatMap((r) => r.cells).every((c) => c.flag === null)).toBe(true);
    expect(rows.map((r) => r.reference)).toEqual(['—', '—', '—', '—', '—']);
    const html = renderReportHtml(model);
    expect(html).toContain('10 years old at the recording');
    expect(html).not.toContain('0.94–1.43');
    expect(html).not.toMatch(/class="(below|above)"/);
    expect(html).toContain('Leo Hart (GP-2001), 10 years old at the recording: no value is flagged.');
    expect(html).toContain('Lythgo N, Wilson C, Galea M.');
    expect(html).toContain('Sutherland DH, Olshen R, Cooper L, Woo SL.');
    expect(trendSeries({ ...model, type: 'multi-session' })[0]?.range).toBeUndefined();
  });

  it('flags the adult and not the child in a report on both', () => {
    const adult = reportSession(1, 1.2, { analysis: { status: 'ok', metrics: slow } });
    const model = reportModel({ type: 'multi-patient', metrics: ['Speed'], sessions: [adult, childSession(2)] });
    const [speed] = reportTable(model);
    expect(speed?.reference).toBe('0.94–1.43');
    expect(speed?.cells.map((c) => c.flag)).toEqual(['below', null]);
  });

  it('lists each cited work once, and no citation ends in two full stops', () => {
    const html = renderReportHtml(reportModel());
    const refs = [...(html.match(/<ol class="refs">(.*?)<\/ol>/)?.[1] ?? '').matchAll(/<li>(.*?)<\/li>/g)].map(
      (m) => m[1] ?? '',
    );
    expect(refs.length).toBeGreaterThanOrEqual(4);
    expect(new Set(refs).size).toBe(refs.length);
    for (const author of ['Perry J, Burnfield JM', 'Murray MP, Drought AB', 'Murray MP, Kory RC', 'Bohannon RW'])
      expect(refs.filter((r) => r.includes(author))).toHaveLength(1);
    expect(html).not.toMatch(/\.\.(?!\.)/);
  });
});
