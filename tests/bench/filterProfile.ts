import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { CLINIC_SCALE } from '../scale/scaleSeed.ts';
import { CLICK_MARK, FRAME_MARK, median, timeClickToFrame, watchLongTasks } from '../e2e/support/frameProbe.ts';
import { outermost, type TraceEvent as MainThreadTraceEvent } from '../e2e/support/mainThreadTrace.ts';
import { CHROMIUM_ARGS, startBenchServer, type BenchServer } from './benchServer.ts';
import { logInAsDemoAdmin } from './benchLogin.ts';

/**
 * Where a filter change's main-thread time goes, for one or more builds side by side (same minutes): the session
 * browser of each build at scale, its filter changes traced (CPU time per click as the scale spec reads it), the
 * trace's steps by name (script, style, layout, paint…) and a CPU profile's self time per function.
 *
 * `npx tsx tests/bench/filterProfile.ts [dist] [/tmp/other-dist]`; BENCH_SERVER_PORT (default 8194) is the first
 * build's server, the next ones count up from it. FILTER_PROFILE_BLOCKS (default 4) blocks of 12 clicks per build,
 * the builds taking turns. FILTER_PROFILE_CPU=0 leaves the CPU profile out (its sampling slows the page);
 * FILTER_PROFILE_DUMP=1 prints the first block's steps over 20 µs with their arguments (elements restyled, objects
 * laid out, the painted area).
 */
const PORT = Number(process.env.BENCH_SERVER_PORT ?? 8194);
const BLOCKS = Number(process.env.FILTER_PROFILE_BLOCKS ?? 4);
const PROFILE = process.env.FILTER_PROFILE_CPU !== '0';

type TraceEvent = MainThreadTraceEvent & {
  args?: { data?: { functionName?: string; url?: string; type?: string } };
};
type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number };

type Run = {
  dir: string;
  server: BenchServer;
  browser: Browser;
  page: Page;
  cdp: CDPSession;
  cpuMs: number[];
  steps: Map<string, number>;
  functions: Map<string, number>;
  files: Map<string, number>;
  inclusive: Map<string, number>;
  windowsMs: number;
};

const ms = (value: number) => `${value.toFixed(2)} ms`;

async function open(dir: string, port: number): Promise<Run> {
  const server = await startBenchServer(port, { scale: true, env: { CLIENT_DIR: dir } });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  await watchLongTasks(page);
  await logInAsDemoAdmin(page, server.url);
  await page.goto(`${server.url}/admin/sessions`);
  await page.waitForFunction(
    (pages) => Number(/of (\d+)/.exec(document.querySelector('.pager__status')?.textContent ?? '')?.[1]) >= pages,
    Math.ceil(CLINIC_SCALE.sessions / 25),
    { timeout: 600_000, polling: 100 },
  );
  await page.getByRole('button', { name: /^Filters/ }).click();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  const run = {
    dir,
    server,
    browser,
    page,
    cdp,
    cpuMs: [],
    steps: new Map(),
    functions: new Map(),
    files: new Map(),
    inclusive: new Map(),
    windowsMs: 0,
  };
  await clicks(run, false);
  return run;
}

async function clicks(run: Run, measure: boolean): Promise<void> {
  const { page, browser, cdp } = run;
  const table = page.getByRole('table', { name: 'Sessions' });
  const without = page.getByText('Show sessions without data to generate a report from', { exact: true });
  const withData = page.getByText('Show sessions with data to generate a report from', { exact: true });
  if (measure) {
    await browser.startTracing(page, {
      categories: ['toplevel', 'blink.user_timing', '__metadata', 'devtools.timeline'],
    });
    if (PROFILE) await cdp.send('Profiler.start');
  }
  for (let round = 0; round < 3; round++) {
    for (const box of [without, without, withData, withData]) await timeClickToFrame(page, box, table);
  }
  if (!measure) return;
  const profile = PROFILE ? ((await cdp.send('Profiler.stop')) as { profile: Profile }).profile : undefined;
  const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  account(run, events, profile);
}

/** Adds one block's windows (click mark to the end of its frame's task) to the run's sums. */
function account(run: Run, events: TraceEvent[], profile: Profile | undefined): void {
  const starts = events.filter((e) => e.name === CLICK_MARK).sort((a, b) => a.ts - b.ts);
  const ends = events.filter((e) => e.name === FRAME_MARK).sort((a, b) => a.ts - b.ts);
  const thread = starts[0]?.tid;
  const tasks = outermost(events.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.tid === thread));
  const timeline = events
    .filter((e) => e.ph === 'X' && e.tid === thread && e.cat.includes('devtools.timeline'))
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const windows: [number, number][] = starts.map((start, i) => {
    const endMark = ends[i]?.ts ?? start.ts;
    const last = tasks.filter((task) => task.ts <= endMark && task.ts + (task.dur ?? 0) >= endMark).at(-1);
    return [start.ts, last ? last.ts + (last.dur ?? 0) : endMark];
  });
  if (process.env.FILTER_PROFILE_DUMP === '1' && run.cpuMs.length === 0) {
    for (const [w, [from, to]] of windows.slice(0, 4).entries()) {
      console.log(`--- window ${String(w)}`);
      for (const e of timeline.filter((e) => e.ts >= from && e.ts <= to && (e.tdur ?? 0) > 20)) {
        console.log(
          `  ${String(Math.round((e.ts - from) / 10) / 100)} ${e.name} ${String((e.tdur ?? 0) / 1000)} ${JSON.stringify(e.args).slice(0, 300)}`,
        );
      }
    }
  }
  for (const [from, to] of windows) {
    const inside = tasks.filter((task) => task.ts <= to && task.ts + (task.dur ?? 0) >= from);
    const before = timeline.filter(
      (step) => step.ts >= (inside[0]?.ts ?? 0) && step.ts + (step.dur ?? 0) < from && isOutermost(step, timeline),
    );
    const cpu = inside.reduce((s, t) => s + (t.tdur ?? 0), 0) - before.reduce((s, t) => s + (t.tdur ?? 0), 0);
    run.cpuMs.push(cpu / 1000);
    run.windowsMs += (to - from) / 1000;
    // Self CPU time of each timeline step in the window (its time less its children's).
    const stack: TraceEvent[] = [];
    for (const step of timeline.filter((e) => e.ts >= from && e.ts <= to)) {
      while (stack.length > 0 && (stack.at(-1)?.ts ?? 0) + (stack.at(-1)?.dur ?? 0) <= step.ts) stack.pop();
      const parent = stack.at(-1);
      const self = (step.tdur ?? 0) / 1000;
      add(run.steps, stepName(step), self);
      if (parent) add(run.steps, stepName(parent), -self);
      stack.push(step);
    }
  }
  if (!profile) return;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (!windows.some(([from, to]) => at >= from && at <= to)) return;
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').at(-1) ?? ''}:${String(frame.lineNumber)}`;
    add(run.functions, name, delta / 1000);
    add(run.files, frame.url.split('/').at(-1) ?? '', delta / 1000);
    const seen = new Set<string>();
    for (let node: number | undefined = id; node !== undefined; node = parents.get(node)) {
      const f = byId.get(node)?.callFrame;
      const key = `${f?.functionName || '(anonymous)'} ${f?.url.split('/').at(-1) ?? ''}:${String(f?.lineNumber)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      add(run.inclusive, key, delta / 1000);
    }
  });
}

const isOutermost = (step: TraceEvent, all: TraceEvent[]) =>
  !all.some((o) => o !== step && o.ts <= step.ts && o.ts + (o.dur ?? 0) >= step.ts + (step.dur ?? 0));
const stepName = (e: TraceEvent) => (e.name === 'EventDispatch' ? `EventDispatch ${e.args?.data?.type ?? ''}` : e.name);
const add = (map: Map<string, number>, key: string, value: number) => map.set(key, (map.get(key) ?? 0) + value);

function print(run: Run): void {
  const n = run.cpuMs.length;
  console.log(
    `\n=== ${run.dir}: ${String(n)} clicks, CPU median ${ms(median(run.cpuMs))}, mean ${ms(run.cpuMs.reduce((a, b) => a + b, 0) / n)}`,
  );
  console.log(`  per click: ${run.cpuMs.map((v) => v.toFixed(1)).join(', ')}`);
  const kinds = ['without off', 'without on', 'with off', 'with on'];
  const byKind = kinds.map((kind, k) => `${kind} ${median(run.cpuMs.filter((_, i) => i % 4 === k)).toFixed(1)}`);
  console.log(`  median by click: ${byKind.join(', ')}`);
  console.log('  trace steps, self CPU per click:');
  for (const [name, total] of [...run.steps].sort((a, b) => b[1] - a[1]).slice(0, 18)) {
    console.log(`    ${ms(total / n).padStart(10)}  ${name}`);
  }
  if (!PROFILE) return;
  const sampled = [...run.functions.values()].reduce((a, b) => a + b, 0);
  console.log(`  profile, ${ms(sampled / n)} sampled per click (wall); self time per click:`);
  for (const [name, total] of [...run.functions].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
    console.log(`    ${ms(total / n).padStart(10)}  ${name}`);
  }
  console.log('  inclusive per click:');
  for (const [name, total] of [...run.inclusive].sort((a, b) => b[1] - a[1]).slice(0, 80)) {
    console.log(`    ${ms(total / n).padStart(10)}  ${name}`);
  }
  console.log('  by file:');
  for (const [name, total] of [...run.files].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
    console.log(`    ${ms(total / n).padStart(10)}  ${name}`);
  }
}

const dirs = process.argv.slice(2);
const runs: Run[] = [];
try {
  for (const [i, dir] of (dirs.length > 0 ? dirs : ['dist']).entries()) runs.push(await open(dir, PORT + i));
  for (let block = 0; block < BLOCKS; block++) {
    for (const run of runs) await clicks(run, true);
  }
  for (const run of runs) print(run);
} finally {
  for (const run of runs) {
    await run.browser.close();
    await run.server.stop();
  }
}
