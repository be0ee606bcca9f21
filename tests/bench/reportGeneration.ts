import { renderReportHtml } from '#shared/reports/reportHtml';
import { REPORT_METRIC_NAMES } from '#shared/reports/reportMetrics';
import type { ReportModel, ReportSession } from '#shared/reports/reportModel';
import { renderReportPdf } from '#server/reports/reportPdf';
import { reportModel, reportSession } from '../fixtures/reports/reportModels.ts';

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
  const sessions: ReportSession[] = Array.from({ length: 10 }, (_, i) =>
    reportSession(i + 1, 0.8 + i * 0.08, {
      SessionID: `s${String(i)}`,
      SubSessionID: `ss${String(i)}`,
      DateTime: new Date(2026, 0, i + 1).toISOString(),
    }),
  );
  const model: ReportModel = reportModel({
    type: 'multi-session',
    metrics: [...REPORT_METRIC_NAMES],
    sessions,
    generatedAt: new Date().toISOString(),
    generatedBy: 'bench',
    method: 'bench',
    timeZone: 'Europe/London',
  });
  const baseline = await time(() => JSON.stringify(model));
  const html = await time(() => renderReportHtml(model));
  const pdf = await time(() => renderReportPdf(model));
  console.log(
    `10-session multi-session report, every metric, median of ${String(RUNS)}: HTML ${html.toFixed(1)} ms, PDF ${pdf.toFixed(1)} ms (budget 300 ms each)`,
  );
  console.log(
    `baseline, JSON.stringify of the same report model: ${baseline.toFixed(2)} ms; ratio HTML ${(html / baseline).toFixed(1)}, PDF ${(pdf / baseline).toFixed(1)}`,
  );
}
