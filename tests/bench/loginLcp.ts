import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, startBenchServer } from './benchServer.ts';
import { loadFigures, median, mobileContext, throttleToMobile } from './mobileProfile.ts';
import { benchRow } from './table.ts';

const PORT = 8195;
const GOAL_S = 1.0;
const RUNS = 3;

async function lcpSeconds(browser: Browser, url: string, waitFor: string): Promise<number> {
  const context = await mobileContext(browser);
  const page = await context.newPage();
  await throttleToMobile(page);
  await page.goto(url);
  await page.getByText(waitFor).first().waitFor();
  await page.waitForLoadState('networkidle');
  const { lcpS } = await loadFigures(page);
  await context.close();
  return lcpS;
}

/** The least a page can do: the login card's words as one static HTML page, no script, under the same profile. */
export function startStaticPage(): Promise<http.Server> {
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
