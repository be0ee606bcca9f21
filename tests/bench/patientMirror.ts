import { chromium } from '@playwright/test';
import type { BenchReport } from './app/patientMirrorBench.ts';
import { CHROMIUM_ARGS, startBenchServer } from './benchServer.ts';
import { logInAsDemoAdmin } from './benchLogin.ts';

const PORT = 8192;
const PATIENTS = 100_000;
/** docs/design.md budget: a filter or search change over 100,000 mirrored rows within one frame. */
const FRAME_MS = 16;

const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * 100,000 synthetic patients in the Dexie mirror of the built app: the time to hold them in memory, and per filter
 * or search change, against a bare Array.filter over the same plain objects measured in the same page and run.
 */
export async function benchPatientMirror(): Promise<void> {
  const server = await startBenchServer(PORT, { benchBuild: true });
  try {
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const page = await browser.newPage();
    await logInAsDemoAdmin(page, server.url);
    await page.waitForFunction(() => window.__gaitBench !== undefined);
    const report: BenchReport = await page.evaluate((count) => {
      if (!window.__gaitBench) throw new Error('bench hook missing');
      return window.__gaitBench.patientMirror(count);
    }, PATIENTS);
    await browser.close();
    print(report);
  } finally {
    await server.stop();
  }
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function print(report: BenchReport): void {
  const times = report.steps.map((step) => step.ms);
  const worst = Math.max(...times);
  const baseline = report.baselineMs;
  console.log(
    `${String(report.count)} patients written to the mirror in ${ms(report.writeMs)} (1,000 per transaction)`,
  );
  console.log(
    `initial load into memory: ${ms(report.loadMs)}; then per rows or sort change: sort ${ms(report.sortMs)}, index ${ms(report.indexMs)} (per-record facts, first time; cached after)`,
  );
  report.steps.forEach((step, i) => {
    const scratch = report.scratchMs[i] ?? 0;
    console.log(
      `  ${step.label.padEnd(16)} ${ms(step.ms).padStart(9)} (from scratch ${ms(scratch).padStart(8)})  ${String(step.rows)} rows`,
    );
  });
  console.log(
    `filter change (median of 5 runs each): median ${ms(median(times))}, worst ${ms(worst)}; from scratch: median ${ms(median(report.scratchMs))}, worst ${ms(Math.max(...report.scratchMs))} (budget ${String(FRAME_MS)} ms)`,
  );
  console.log(`baseline, bare Array.filter over the same plain objects: median ${ms(baseline)}`);
  console.log(
    `ratio median/baseline: ${(median(times) / baseline).toFixed(2)} (from scratch ${(median(report.scratchMs) / baseline).toFixed(2)}); ${worst <= FRAME_MS ? 'within' : 'OVER'} budget`,
  );
}
