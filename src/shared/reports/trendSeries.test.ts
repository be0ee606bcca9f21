import { describe, expect, it } from 'vitest';
import { reportModel, reportSession } from '../../../tests/fixtures/reports/reportModels.ts';
import { renderReportHtml } from './reportHtml.ts';
import { trendSeries } from './trendSeries.ts';

/** Three walks of one patient on one morning: sessions 1, 2 and 3, at 09:00, 10:15 and 11:40. */
const sameDay = [
  reportSession(1, 1.0, { DateTime: '2026-03-10T09:00:00.000Z' }),
  reportSession(2, 1.1, { DateTime: '2026-03-10T10:15:00.000Z' }),
  reportSession(3, 1.3, { DateTime: '2026-03-10T11:40:00.000Z' }),
];

describe('trend series', () => {
  it('plots every recording of a day as a point of its own, labelled by date and time', () => {
    const model = reportModel({ type: 'multi-session', xAxisType: 'Date', metrics: ['Speed'], sessions: sameDay });
    const [speed] = trendSeries(model);
    expect(speed?.xLabels).toEqual(['10/03/2026 09:00', '10/03/2026 10:15', '10/03/2026 11:40']);
    expect(speed?.datasets).toHaveLength(1);
    expect(speed?.datasets[0]?.values.filter((v) => v !== null)).toHaveLength(3);
    const html = renderReportHtml(model);
    const chart = html.slice(html.indexOf('Walking speed by date and time'));
    expect(chart.match(/<circle /g) ?? []).toHaveLength(3);
  });

  it('keeps two recordings with one label apart, and patients who share a label on one place', () => {
    const repeat = [
      reportSession(1, 1.0, { DateTime: '2026-03-10T09:00:00.000Z' }),
      reportSession(2, 1.2, { DateTime: '2026-03-10T09:00:00.000Z' }),
    ];
    const [one] = trendSeries(reportModel({ type: 'multi-session', xAxisType: 'Date', sessions: repeat }));
    expect(one?.xLabels).toEqual(['10/03/2026 09:00', '10/03/2026 09:00']);
    expect(one?.datasets[0]?.values.every((v) => v !== null)).toBe(true);

    const other = { UniquePatientID: 'p2', PatientName: 'Noah Clarke', GivenPatientID: 'GP-1002' };
    const [both] = trendSeries(
      reportModel({
        type: 'multi-patient',
        metrics: ['Speed'],
        sessions: [reportSession(1, 1.0), reportSession(1, 1.3, other), reportSession(2, 1.1, other)],
      }),
    );
    expect(both?.xLabels).toEqual(['1.1', '2.1']);
    expect(both?.datasets.map((d) => d.values.filter((v) => v !== null).length)).toEqual([1, 2]);
  });
});
