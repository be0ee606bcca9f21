import type { Locator, Page } from '@playwright/test';

/** Long tasks (over 50 ms, the browser's own threshold) the page ran since a time. */
export type LongTasks = { count: number; worstMs: number; totalMs: number };

type Probe = {
  longTasks: { start: number; duration: number }[];
  click?: Promise<ClickTiming>;
};

/** Records every long task of the page (PerformanceObserver 'longtask') from its first script on. */
export async function watchLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const probe = { longTasks: [] as { start: number; duration: number }[] };
    (window as unknown as { __probe: typeof probe }).__probe = probe;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
}

/** Page time (performance.now()), to count long tasks from. */
export const pageNow = (page: Page): Promise<number> => page.evaluate(() => performance.now());

export async function longTasksSince(page: Page, since: number): Promise<LongTasks> {
  return page.evaluate((from) => {
    const tasks = (window as unknown as { __probe: Probe }).__probe.longTasks.filter((task) => task.start >= from);
    return {
      count: tasks.length,
      worstMs: Math.max(0, ...tasks.map((task) => task.duration)),
      totalMs: tasks.reduce((sum, task) => sum + task.duration, 0),
    };
  }, since);
}

/**
 * One click, timed in the page. `workMs`: the main thread's work for it — from the click event to the rows changed
 * in the DOM (the click's handlers and React's render and commit), plus the next frame's own work (from its
 * animation-frame callbacks to after its paint). Time spent waiting for the display's next refresh is not work, so
 * it is left out of `workMs` and kept in `toFrameMs` (click to that frame painted).
 */
export type ClickTiming = { workMs: number; toFrameMs: number };

/** Marks (`performance.mark`) at each timed click and at its frame, for a trace (mainThreadTrace.ts). */
export const CLICK_MARK = 'frameProbe:click';
export const PAINTED_MARK = 'frameProbe:painted';
/** In the animation-frame callback of the frame that shows the change: its task goes on to style, layout and paint. */
export const FRAME_MARK = 'frameProbe:frame';

/** Clicks `target` as a user would and times the update of `watched` (e.g. the table's rows) to the next frame. */
export async function timeClickToFrame(page: Page, target: Locator, watched: Locator): Promise<ClickTiming> {
  const watchedHandle = await watched.elementHandle();
  await target.evaluate(
    (element, { table, CLICK_MARK, FRAME_MARK, PAINTED_MARK }) => {
      const probe = (window as unknown as { __probe: Probe }).__probe;
      probe.click = new Promise<ClickTiming>((resolve) => {
        let clickedAt = 0;
        element.addEventListener(
          'click',
          (event) => {
            clickedAt = event.timeStamp;
            performance.mark(CLICK_MARK);
          },
          { once: true, capture: true },
        );
        const observer = new MutationObserver(() => {
          const changedAt = performance.now();
          observer.disconnect();
          requestAnimationFrame(() => {
            const frameAt = performance.now();
            performance.mark(FRAME_MARK);
            // A message posted in the frame's animation callback is handled after that frame is painted.
            const channel = new MessageChannel();
            channel.port1.onmessage = () => {
              const paintedAt = performance.now();
              performance.mark(PAINTED_MARK);
              resolve({ workMs: changedAt - clickedAt + (paintedAt - frameAt), toFrameMs: paintedAt - clickedAt });
            };
            channel.port2.postMessage(null);
          });
        });
        observer.observe(table ?? document.body, { childList: true, subtree: true, characterData: true });
      });
    },
    { table: watchedHandle, CLICK_MARK, FRAME_MARK, PAINTED_MARK },
  );
  await target.click();
  return page.evaluate(() => {
    const click = (window as unknown as { __probe: Probe }).__probe.click;
    if (!click) throw new Error('no click was being timed');
    return click;
  });
}

export const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
