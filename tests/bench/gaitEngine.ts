import { computeGaitMetrics } from '#shared/gait/gaitMetrics';
import { parseJointData, serializeJointData } from '#shared/gait/jointDataFile';
import { syntheticWalk } from '#shared/gait/syntheticWalk';

/** DESIGN.md budgets: metrics for a 10-minute 30 Hz recording ≤ 5 ms after parsing; parse + metrics ≤ 1.2 × JSON.parse. */
const METRICS_BUDGET_MS = 5;
const RATIO_BUDGET = 1.2;
const RUNS = 9;

const ms = (value: number) => `${value.toFixed(1)} ms`;
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function time(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

/**
 * A 10-minute synthetic walk at 30 Hz (about 18,000 frames, Kinect-like noise), as joint data file text: the time to
 * parse and validate it and to compute its gait metrics, against a bare JSON.parse of the same text in the same run.
 */
export async function benchGaitEngine(): Promise<void> {
  const { recording } = syntheticWalk({ seed: 2026, speed: 1.2, cadence: 110, stancePercent: 60, direction: 'toward', durationS: 602 });
  const text = serializeJointData(recording);
  const frames = recording.bouts.reduce((total, bout) => total + bout.times.length, 0);
  const baseline: number[] = [];
  const parse: number[] = [];
  const metrics: number[] = [];
  // One warm-up round, then interleaved runs so that drift in machine load hits all three alike.
  for (let run = -1; run < RUNS; run++) {
    const jsonMs = time(() => JSON.parse(text));
    let parsed = parseJointData(text);
    const parseMs = time(() => (parsed = parseJointData(text)));
    if (!parsed.ok) throw new Error(parsed.error);
    const { recording: fromFile } = parsed;
    const metricsMs = time(() => computeGaitMetrics(fromFile));
    if (run < 0) continue;
    baseline.push(jsonMs);
    parse.push(parseMs);
    metrics.push(metricsMs);
  }
  const [json, parsing, computing] = [median(baseline), median(parse), median(metrics)];
  const ratio = (parsing + computing) / json;
  console.log(`${String(frames)} frames, ${(text.length / 1e6).toFixed(1)} MB of joint data file text (median of ${String(RUNS)} runs)`);
  console.log(`baseline, bare JSON.parse: ${ms(json)}`);
  console.log(`parse + validate into typed arrays: ${ms(parsing)} (${(parsing / json).toFixed(2)} × JSON.parse)`);
  console.log(`gait metrics after parsing: ${ms(computing)} (budget ${String(METRICS_BUDGET_MS)} ms); ${computing <= METRICS_BUDGET_MS ? 'within' : 'OVER'} budget`);
  console.log(`parse + metrics: ${(ratio).toFixed(2)} × JSON.parse (budget ${String(RATIO_BUDGET)} ×); ${ratio <= RATIO_BUDGET ? 'within' : 'OVER'} budget`);
}
