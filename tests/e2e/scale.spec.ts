import { expect, test } from '@playwright/test';
import { SessionsPage } from './pages/SessionsPage.ts';
import { DEMO_ACCOUNTS } from './support/demoAccounts.ts';
import {
  CLICK_MARK,
  longTasksSince,
  median,
  FRAME_MARK,
  pageNow,
  timeClickToFrame,
  watchLongTasks,
} from './support/frameProbe.ts';
import { viewportFor } from './support/layout.ts';
import { logInAs } from './support/logIn.ts';
import { startMainThreadTrace, stopMainThreadTrace } from './support/mainThreadTrace.ts';
import { countScaleRows } from './support/scaleCounts.ts';
import { SCALE_SERVER } from './support/servers.ts';

/** A frame at 60 Hz; the browser calls a task over 50 ms long (it holds up input). */
const FRAME_MS = 1000 / 60;
/**
 * The median filter change's main-thread CPU time must fit in one frame (the budget): CPU time, not wall
 * time, so that the check holds on a loaded CI machine while a slower filter path still fails it (the figures are the
 * session browser bench's, docs/performance.md).
 */
const FILTER_CPU_MS = FRAME_MS;
const LONG_TASK_MS = 50;
const ROWS_PER_PAGE = 25;
/** Each filter is turned off and on again three times: twelve timed changes, the median judged. */
const ROUNDS = 3;
/** Then twice more each at a phone's width (390 px, as the layout tests use): eight timed changes. */
const PHONE_WIDTH = 390;
const PHONE_ROUNDS = 2;

test.use({ baseURL: SCALE_SERVER });
// E2E_SCALE=0 leaves out the scale server (its seeding) and this spec, for a quick local run of other specs.
test.skip(process.env.E2E_SCALE === '0', 'E2E_SCALE=0 leaves the scale spec out');

const pagesOf = (rows: number) => Math.ceil(rows / ROWS_PER_PAGE);

test('the session browser stays usable with 100,000 sessions: every session paged, its filters right, its speed recorded', async ({
  page,
}) => {
  // Seeding is done before the servers start; the first sync of 100,000 rows is the slow part.
  test.setTimeout(300_000);
  const dataDir = process.env.E2E_SCALE_DATA_DIR;
  if (dataDir === undefined) throw new Error('E2E_SCALE_DATA_DIR is not set (playwright.config.ts sets it)');
  const counts = countScaleRows(dataDir);
  expect(counts.rows).toBeGreaterThanOrEqual(100_000);
  await watchLongTasks(page);
  await logInAs(page, DEMO_ACCOUNTS.admin);
  const sessions = new SessionsPage(page, 'admin');

  const startedAt = Date.now();
  await sessions.goto();
  const pager = page.getByRole('navigation', { name: 'Sessions pages' }).getByText(/^Page \d+ of \d+$/);
  const showsPages = (rows: number) => expect(pager).toHaveText(`Page 1 of ${String(pagesOf(rows))}`);
  // Usable: every session in the database mirrored, sorted and on its pages.
  await expect(pager).toHaveText(`Page 1 of ${String(pagesOf(counts.rows))}`, { timeout: 240_000 });
  const usableMs = Date.now() - startedAt;
  const duringSync = await longTasksSince(page, 0);

  // From here on the page's main thread is traced: its CPU time holds the app's own work, whatever the machine's load.
  await startMainThreadTrace(page);
  const afterSync = await pageNow(page);
  await sessions.openFilters();
  const without = page.getByText('Show sessions without data to generate a report from', { exact: true });
  const withData = page.getByText('Show sessions with data to generate a report from', { exact: true });
  /** Each filter off and on again `rounds` times; the filters filter: without the one kind, only the other's rows. */
  const changeFilters = async (rounds: number) => {
    const clicks = [];
    for (let round = 0; round < rounds; round++) {
      clicks.push(await timeClickToFrame(page, without, sessions.table));
      await showsPages(counts.withReportData);
      clicks.push(await timeClickToFrame(page, without, sessions.table));
      await showsPages(counts.rows);
      clicks.push(await timeClickToFrame(page, withData, sessions.table));
      await showsPages(counts.rows - counts.withReportData);
      clicks.push(await timeClickToFrame(page, withData, sessions.table));
      await showsPages(counts.rows);
    }
    return clicks;
  };
  const clicks = await changeFilters(ROUNDS);
  const work = await stopMainThreadTrace(page, CLICK_MARK, FRAME_MARK);

  // The same list on a phone (patients and clinicians on the move): the table laid out anew at 390 px, then filtered.
  await page.setViewportSize(viewportFor(PHONE_WIDTH));
  await expect(sessions.table).toBeVisible();
  await startMainThreadTrace(page);
  const phoneClicks = await changeFilters(PHONE_ROUNDS);
  const phoneWork = await stopMainThreadTrace(page, CLICK_MARK, FRAME_MARK);
  const afterFilters = await longTasksSince(page, afterSync);
  const ms = (values: number[]) => values.map((value) => value.toFixed(1)).join(', ');
  console.log(
    `scale session browser (${String(counts.rows)} rows, ${String(counts.withReportData)} with report data): first sync to usable ${(usableMs / 1000).toFixed(1)} s; long tasks during it: ${String(duringSync.count)}, worst ${duringSync.worstMs.toFixed(0)} ms\n` +
      `filter change, main-thread CPU from the click to its frame painted: ${ms(work.windowsCpuMs)} ms (median ${median(work.windowsCpuMs).toFixed(1)}); wall (frameProbe's work): ${ms(clicks.map((c) => c.workMs))} ms (median ${median(clicks.map((c) => c.workMs)).toFixed(1)}); click to painted frame median ${median(clicks.map((c) => c.toFrameMs)).toFixed(1)} ms\n` +
      `after the sync (${String(work.tasks)} tasks): worst task ${work.worstTaskCpuMs.toFixed(1)} ms CPU, ${work.worstTaskWallMs.toFixed(1)} ms wall; long tasks seen by the page: ${String(afterFilters.count)}, worst ${afterFilters.worstMs.toFixed(0)} ms\n` +
      `at ${String(PHONE_WIDTH)} px, filter change CPU: ${ms(phoneWork.windowsCpuMs)} ms (median ${median(phoneWork.windowsCpuMs).toFixed(1)}); wall median ${median(phoneClicks.map((c) => c.workMs)).toFixed(1)} ms; worst task ${phoneWork.worstTaskCpuMs.toFixed(1)} ms CPU`,
  );

  // Speed is judged by the bench against its same-run baseline (tests/bench/sessionBrowser.ts, firstSync.ts), not by
  // a timed assertion here: the figures depend on the machine and the browser build. They are recorded with the run.
  const budgets = [
    ['filter change CPU median at 1024 px', median(work.windowsCpuMs), FILTER_CPU_MS],
    ['worst task after the sync at 1024 px', work.worstTaskCpuMs, LONG_TASK_MS],
    [`filter change CPU median at ${String(PHONE_WIDTH)} px`, median(phoneWork.windowsCpuMs), FILTER_CPU_MS],
    [`worst task after the sync at ${String(PHONE_WIDTH)} px`, phoneWork.worstTaskCpuMs, LONG_TASK_MS],
  ] as const;
  for (const [what, value, budget] of budgets) {
    test.info().annotations.push({
      type: what,
      description: `${value.toFixed(1)} ms CPU (budget ${budget.toFixed(1)} ms, judged by npm run bench)`,
    });
  }
});
