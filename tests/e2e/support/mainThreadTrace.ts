import type { Page } from '@playwright/test';

/**
 * The page's main-thread work from a Chromium trace, in CPU time (the trace's thread time, `tdur`), beside wall time.
 *
 * On a shared machine a task's wall time includes the time the OS gave the CPU to other processes: a short task
 * measures several times its length on two busy cores. Thread time counts only the time the page's main thread ran, so a
 * budget checked on it holds the app's own work, whatever else the machine is doing. A slower app (more work per
 * click or per task) still shows: its thread time grows with the work.
 */
export type MainThreadWork = {
  /**
   * Per window between two marks (e.g. each click to its frame): the CPU time of the tasks in it, from the start mark
   * on, and the whole of the task the end mark is in (a frame's task runs its animation callbacks, style, layout and
   * paint).
   */
  windowsCpuMs: number[];
  /** The longest single task of the traced span, by CPU time and by wall time (they may be different tasks). */
  worstTaskCpuMs: number;
  worstTaskWallMs: number;
  tasks: number;
};

export type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  tid: number;
  pid: number;
};

/** A top-level task of Chromium's scheduler: everything the thread does runs inside one. */
const TASK = 'ThreadControllerImpl::RunTask';
/** The steps DevTools' performance panel shows inside a task: event dispatch, script, style, layout, paint. */
const TIMELINE = 'devtools.timeline';

export async function startMainThreadTrace(page: Page): Promise<void> {
  const browser = page.context().browser();
  if (!browser) throw new Error('tracing needs a launched browser');
  await browser.startTracing(page, {
    categories: ['toplevel', 'blink.user_timing', '__metadata', 'devtools.timeline'],
  });
}

/**
 * Stops the trace and measures the page's main thread. `startMark` and `endMark` are `performance.mark` names the
 * page set in pairs; each pair is a window whose overlapping tasks are summed.
 */
export async function stopMainThreadTrace(page: Page, startMark: string, endMark: string): Promise<MainThreadWork> {
  const browser = page.context().browser();
  if (!browser) throw new Error('tracing needs a launched browser');
  const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const starts = events.filter((e) => e.name === startMark).sort((a, b) => a.ts - b.ts);
  const ends = events.filter((e) => e.name === endMark).sort((a, b) => a.ts - b.ts);
  const thread = starts[0]?.tid;
  if (thread === undefined || starts.length !== ends.length) {
    throw new Error(`trace: ${String(starts.length)} '${startMark}' and ${String(ends.length)} '${endMark}' marks`);
  }
  const tasks = outermost(events.filter((e) => e.name === TASK && e.ph === 'X' && e.tid === thread));
  const steps = outermost(events.filter((e) => e.ph === 'X' && e.tid === thread && e.cat.includes(TIMELINE)));
  const windows = starts.map((start, i) => {
    const end = ends[i]?.ts ?? start.ts;
    // Tasks overlapping the window: the one the start mark is in, up to the one the end mark is in; of the first,
    // only its steps from the start mark on (a click's pointer, mouse and click events may come in one task).
    const inside = tasks.filter((task) => task.ts <= end && task.ts + (task.dur ?? 0) >= start.ts);
    const before = steps.filter((step) => step.ts >= (inside[0]?.ts ?? 0) && step.ts + (step.dur ?? 0) < start.ts);
    return (sum(inside.map((task) => task.tdur ?? 0)) - sum(before.map((step) => step.tdur ?? 0))) / 1000;
  });
  return {
    windowsCpuMs: windows,
    worstTaskCpuMs: Math.max(0, ...tasks.map((task) => task.tdur ?? 0)) / 1000,
    worstTaskWallMs: Math.max(0, ...tasks.map((task) => task.dur ?? 0)) / 1000,
    tasks: tasks.length,
  };
}

/** Tasks not nested in another (a nested run loop runs tasks inside a task; counting both would count twice). */
export function outermost<T extends Pick<TraceEvent, 'ts' | 'dur'>>(tasks: T[]): T[] {
  const sorted = [...tasks].sort((a, b) => a.ts - b.ts);
  const kept: T[] = [];
  let until = -Infinity;
  for (const task of sorted) {
    if (task.ts < until) continue;
    kept.push(task);
    until = task.ts + (task.dur ?? 0);
  }
  return kept;
}

const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);
