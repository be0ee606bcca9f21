import { resolve } from 'node:path';
import { computeGaitMetrics } from '#shared/gait/gaitMetrics';
import { parseJointData, serializeJointData, type JointRecording } from '#shared/gait/jointDataFile';
import { syntheticWalk } from '#shared/gait/syntheticWalk';
import { benchRow } from './table.ts';

/**
 * Budgets: docs/design.md asks for metrics of a 10-minute 30 Hz recording within 5 ms after parsing and parse + metrics
 * within 1.2 × JSON.parse; the gait-metrics work (new measures, joint angles) may not take the ratio past 1.5 ×
 * while the performance work brings it down.
 */
const METRICS_BUDGET_MS = 5;
const RATIO_BUDGET = 1.2;
const RATIO_CEILING = 1.5;
const RUNS = 9;
const ROUNDS = 3;

/** The bench's 10-minute walk at 30 Hz. */
const BENCH_WALK = {
  seed: 2026,
  speed: 1.2,
  cadence: 110,
  stancePercent: 60,
  direction: 'toward',
  durationS: 602,
} as const;
/** Pairs of analyses in a paired A/B, and analyses of each engine before them. */
const AB_PAIRS = 150;
const AB_WARM_UP = 30;

const ms = (value: number) => `${value.toFixed(1)} ms`;
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Milliseconds of CPU time this process has used (all its threads: the garbage collector's too). */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

type Times = { wall: number[]; cpu: number[] };
const times = (): Times => ({ wall: [], cpu: [] });

/** Times `run` RUNS times in a row, after one untimed warm-up call: wall clock and CPU time. */
function block(run: () => void, into: Times): void {
  run();
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const cpu = cpuMs();
    run();
    into.wall.push(performance.now() - start);
    into.cpu.push(cpuMs() - cpu);
  }
}

/**
 * A 10-minute synthetic walk at 30 Hz (about 18,000 frames, Kinect-like noise), as joint data file text: the time to
 * parse and validate it and to compute its gait metrics, against a bare JSON.parse of the same text in the same run.
 * Blocks of each alternate, so that drift in machine load hits all three alike while the garbage of one JSON.parse
 * is not collected inside the next measurement.
 */
export async function benchGaitEngine(): Promise<void> {
  const { recording } = syntheticWalk(BENCH_WALK);
  const other = process.env.GAIT_AB_ENGINE;
  if (other !== undefined) {
    await pairedAB(recording, other);
    return;
  }
  const text = serializeJointData(recording);
  const frames = recording.bouts.reduce((total, bout) => total + bout.times.length, 0);
  const baseline = times();
  const parse = times();
  const metrics = times();
  let parsed: JointRecording | undefined;
  for (let round = 0; round < ROUNDS; round++) {
    block(() => {
      JSON.parse(text);
    }, baseline);
    block(() => {
      const result = parseJointData(text);
      if (!result.ok) throw new Error(result.error);
      parsed = result.recording;
    }, parse);
    const fromFile = parsed;
    if (fromFile === undefined) throw new Error('nothing parsed');
    block(() => computeGaitMetrics(fromFile), metrics);
  }
  const [json, parsing, computing] = [median(baseline.wall), median(parse.wall), median(metrics.wall)];
  const ratio = (parsing + computing) / json;
  const [jsonCpu, parsingCpu, computingCpu] = [median(baseline.cpu), median(parse.cpu), median(metrics.cpu)];
  const ratioCpu = (parsingCpu + computingCpu) / jsonCpu;
  console.log(
    `${String(frames)} frames, ${(text.length / 1e6).toFixed(1)} MB of joint data file text (medians of ${String(RUNS * ROUNDS)} runs; wall clock, then CPU time)`,
  );
  console.log(`baseline, bare JSON.parse: ${ms(json)}; CPU ${ms(jsonCpu)}`);
  console.log(
    `parse + validate into typed arrays: ${ms(parsing)} (${(parsing / json).toFixed(2)} × JSON.parse); CPU ${ms(parsingCpu)} (${(parsingCpu / jsonCpu).toFixed(2)} ×)`,
  );
  console.log(
    `gait metrics after parsing: ${ms(computing)}; CPU ${ms(computingCpu)} (budget ${String(METRICS_BUDGET_MS)} ms); ${computing <= METRICS_BUDGET_MS ? 'within' : 'OVER'} budget`,
  );
  console.log(
    `parse + metrics: ${ratio.toFixed(2)} × JSON.parse, CPU ${ratioCpu.toFixed(2)} × (budget ${String(RATIO_BUDGET)} ×, ceiling ${String(RATIO_CEILING)} ×); ${ratio <= RATIO_BUDGET ? 'within budget' : ratio <= RATIO_CEILING ? 'over budget, under the ceiling' : 'OVER the ceiling'}`,
  );
  benchRow({
    measure: 'Gait engine 18,000 frames vs JSON.parse',
    measured: `parse ${ms(parsing)} + metrics ${ms(computing)} (CPU ${ms(parsingCpu)} + ${ms(computingCpu)})`,
    baseline: `JSON.parse ${ms(json)} (CPU ${ms(jsonCpu)})`,
    ratio: `${ratio.toFixed(2)}× (CPU ${ratioCpu.toFixed(2)}×)`,
    met: ratio <= RATIO_BUDGET && computing <= METRICS_BUDGET_MS,
  });
}

/**
 * This engine against another in one process: single analyses of the bench walk alternating (which goes first swaps
 * each pair), CPU time of each. On a shared machine a change of a few percent shows only this way, and even so two
 * copies of the same engine come out a few per cent apart on a loaded machine: run it more than once. The other engine is an
 * older commit's src/shared inside data/ (ignored by git, lint and prettier; tsx then transpiles both alike):
 * `git archive <commit> src/shared | tar -x -C data/gait-ab`, then
 * `GAIT_AB_ENGINE=data/gait-ab/src/shared/gait/gaitMetrics.ts npx tsx tests/bench/run.ts gait`.
 * Both engines' answers for the walk must be equal, bit for bit, or it stops; with GAIT_AB_CHANGED=1 (a change meant
 * to alter the answers, re-recorded in engineOutputs.json) it says they differ and times them all the same.
 */
async function pairedAB(recording: JointRecording, otherPath: string): Promise<void> {
  const other = (await import(resolve(otherPath))) as { computeGaitMetrics: typeof computeGaitMetrics };
  const before = other.computeGaitMetrics;
  if (canonical(before(recording)) !== canonical(computeGaitMetrics(recording))) {
    if (process.env.GAIT_AB_CHANGED !== '1')
      throw new Error('The two engines give different answers for the bench walk (GAIT_AB_CHANGED=1 to time them).');
    console.log('The two engines give different answers for the bench walk (GAIT_AB_CHANGED=1).');
  }
  for (let i = 0; i < AB_WARM_UP; i++) {
    before(recording);
    computeGaitMetrics(recording);
  }
  const time = (engine: typeof computeGaitMetrics) => {
    const cpu = cpuMs();
    engine(recording);
    return cpuMs() - cpu;
  };
  const old: number[] = [];
  const now: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < AB_PAIRS; i++) {
    let a: number;
    let b: number;
    if (i % 2 === 0) {
      a = time(before);
      b = time(computeGaitMetrics);
    } else {
      b = time(computeGaitMetrics);
      a = time(before);
    }
    old.push(a);
    now.push(b);
    ratios.push(b / a);
  }
  console.log(
    `paired A/B, ${String(AB_PAIRS)} pairs, CPU per analysis: ${otherPath} median ${ms(median(old))}, this engine ${ms(median(now))}; paired ratio median ${median(ratios).toFixed(3)}`,
  );
}

/** An analysis as text that differs whenever a bit of a number does (NaN and the infinities named). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'number' && !Number.isFinite(v) ? String(v) : Object.is(v, -0) ? '-0' : v,
  );
}
