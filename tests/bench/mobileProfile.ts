import type { Browser, BrowserContext, Page } from '@playwright/test';

/**
 * Lighthouse's mobile profile, applied through the DevTools protocol (Lighthouse itself is not a dependency): a
 * Moto G-sized screen, the CPU slowed 4×, and 'slow 4G' (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up). No
 * service worker, so every load is a first visit's, as Lighthouse measures it.
 */
export async function mobileContext(browser: Browser, baseURL?: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
}

/** Slows a page's CPU and network to the profile, from its next load on; the browser's HTTP cache is emptied. */
export async function throttleToMobile(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

/** Records long tasks and paint entries from the page's first script (Total Blocking Time needs both). */
export async function watchLoad(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = { longTasks: [] as { start: number; duration: number }[] };
    (window as unknown as { __load: typeof seen }).__load = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
}

export type LoadFigures = { lcpS: number; fcpS: number; tbtMs: number };

/**
 * The load's Largest Contentful Paint and First Contentful Paint, and its Total Blocking Time as Lighthouse defines
 * it: the sum over long tasks after the first contentful paint of their time beyond 50 ms, up to now (call it once
 * the page is quiet: its content shown and the network idle).
 */
export async function loadFigures(page: Page): Promise<LoadFigures> {
  const { lcp, fcp, tbt } = await page.evaluate(
    () =>
      new Promise<{ lcp: number; fcp: number; tbt: number }>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          const lcpAt = entries[entries.length - 1]?.startTime ?? Number.NaN;
          const fcpAt =
            performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint')?.startTime ??
            Number.NaN;
          const tasks = (window as unknown as { __load?: { longTasks: { start: number; duration: number }[] } }).__load
            ?.longTasks;
          const blocking = (tasks ?? [])
            .filter((task) => task.start + task.duration > fcpAt)
            .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
          resolve({ lcp: lcpAt, fcp: fcpAt, tbt: tasks ? blocking : Number.NaN });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  return { lcpS: lcp / 1000, fcpS: fcp / 1000, tbtMs: tbt };
}

export const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
