import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, startBenchServer } from './benchServer.ts';
import { benchRow } from './table.ts';

const PORT = 8195;
const GOAL_S = 1.0;
const RUNS = 3;

/**
 * Lighthouse's mobile profile, applied through the DevTools protocol (Lighthouse itself is not a dependency): a
 * Moto G-sized screen, the CPU slowed 4×, and 'slow 4G' (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up).
 */
async function lcpSeconds(browser: Browser, url: string, waitFor: string): Promise<number> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await page.goto(url);
  await page.getByText(waitFor).first().waitFor();
  await page.waitForLoadState('networkidle');
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? Number.NaN);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  await context.close();
  return lcp / 1000;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** The least a page can do: the login card's words as one static HTML page, no script, under the same profile. */
function startStaticPage(): Promise<http.Server> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
    <title>Gait Portal</title></head><body><main><h1>Choose Login</h1><p>Patient, Clinician, Clinic or Administrator</p>
    <button>Go To Login</button></main></body></html>`;
  const server = http.createServer((_, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(html));
  return new Promise((resolve) => server.listen(0, () => resolve(server)));
}

/** /login's Largest Contentful Paint on Lighthouse's mobile profile, against a static page under the same profile. */
export async function benchLoginLcp(): Promise<void> {
  const server = await startBenchServer(PORT);
  const staticPage = await startStaticPage();
  try {
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const app: number[] = [];
    const bare: number[] = [];
    const staticUrl = `http://localhost:${String((staticPage.address() as AddressInfo).port)}/`;
    for (let i = 0; i < RUNS; i++) {
      app.push(await lcpSeconds(browser, `${server.url}/login`, 'Go To Login'));
      bare.push(await lcpSeconds(browser, staticUrl, 'Go To Login'));
    }
    await browser.close();
    const lcp = median(app);
    const base = median(bare);
    console.log(
      `/login LCP, mobile profile (4× CPU, slow 4G), median of ${String(RUNS)}: ${lcp.toFixed(2)} s [${app.map((s) => s.toFixed(2)).join(', ')}]`,
    );
    console.log(
      `baseline, static HTML page under the same profile: ${base.toFixed(2)} s; ratio ${(lcp / base).toFixed(2)}`,
    );
    benchRow({
      measure: 'Lighthouse mobile /login LCP',
      measured: `${lcp.toFixed(2)} s (4× CPU, slow 4G, via CDP)`,
      baseline: `static page ${base.toFixed(2)} s`,
      ratio: (lcp / base).toFixed(2),
      met: lcp <= GOAL_S,
    });
  } finally {
    staticPage.close();
    await server.stop();
  }
}
