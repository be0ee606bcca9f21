import { computeGaitMetrics } from '#shared/gait/gaitMetrics';
import { syntheticWalk } from '#shared/gait/syntheticWalk';
import { REPORT_NORMS } from '#shared/reports/normativeRanges';
import { renderReportHtml } from '#shared/reports/reportHtml';
import { REPORT_METRIC_NAMES } from '#shared/reports/reportMetrics';
import type { ReportModel, ReportSession } from '#shared/reports/reportModel';
import { renderReportPdf } from '#server/reports/reportPdf';

const RUNS = 7;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function time(run: () => unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return median(times);
}

/** A 10-session multi-session report (HTML) and its PDF rendering, against serialising the same model as JSON. */
export async function benchReportGeneration(): Promise<void> {
  const sessions: ReportSession[] = Array.from({ length: 10 }, (_, i) => {
    const { recording } = syntheticWalk({
      seed: i + 1,
      speed: 0.8 + i * 0.08,
      cadence: 100 + i * 2,
      stancePercent: 62,
      direction: 'toward',
      durationS: 20,
    });
    const analysis = computeGaitMetrics(recording);
    if (analysis.status !== 'ok') throw new Error(analysis.reason);
    return {
      SessionID: `s${String(i)}`,
      SubSessionID: `ss${String(i)}`,
      SessionNumber: i + 1,
      SubSessionNumber: 1,
      DateTime: new Date(2026, 0, i + 1).toISOString(),
      UniquePatientID: 'p',
      PatientName: 'Olivia Bennett',
      GivenPatientID: 'GP-1001',
      ClinicianName: 'Amelia Hart',
      TestName: '10-Metre Walk Test',
      ClinicName: 'Riverside Gait Laboratory',
      analysis: { status: 'ok', metrics: analysis.session },
    };
  });
  const model: ReportModel = {
    type: 'multi-session',
    xAxisType: 'SessionNumber',
    metrics: [...REPORT_METRIC_NAMES],
    sessions,
    norms: REPORT_NORMS,
    generatedAt: new Date().toISOString(),
    generatedBy: 'bench',
    method: 'bench',
  };
  const baseline = await time(() => JSON.stringify(model));
  const html = await time(() => renderReportHtml(model));
  const pdf = await time(() => renderReportPdf(model));
  console.log(
    `10-session multi-session report, median of ${String(RUNS)}: HTML ${html.toFixed(1)} ms, PDF ${pdf.toFixed(1)} ms (budget 300 ms each)`,
  );
  console.log(
    `baseline, JSON.stringify of the same report model: ${baseline.toFixed(2)} ms; ratio HTML ${(html / baseline).toFixed(1)}, PDF ${(pdf / baseline).toFixed(1)}`,
  );
}
