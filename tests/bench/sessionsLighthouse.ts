import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../e2e/support/demoAccounts.ts';
import { logInAs } from '../e2e/support/logIn.ts';
import { CHROMIUM_ARGS, startBenchServer } from './benchServer.ts';
import { startStaticPage } from './loginLcp.ts';
import { loadFigures, median, mobileContext, throttleToMobile, watchLoad, type LoadFigures } from './mobileProfile.ts';
import { benchRow } from './table.ts';

const PORT = 8196;
const LCP_GOAL_S = 2.5;
const TBT_GOAL_MS = 200;
const RUNS = 3;

/**
 * A returning clinician opens the session list: logged in, the list synced once before (the device's mirror holds
 * it), then the page loaded afresh on the mobile profile with an empty HTTP cache and no service worker.
 */
async function sessionsLoad(browser: Browser, url: string): Promise<LoadFigures & { pages: string }> {
  const context = await mobileContext(browser, url);
  const page = await context.newPage();
  await watchLoad(page);
  page.setDefaultTimeout(60_000);
  await logInAs(page, DEMO_ACCOUNTS.clinician);
  const rows = page.getByRole('table', { name: 'Sessions' }).getByRole('row');
  await page.goto('/clinician/sessions');
  await rows.nth(1).waitFor();
  await page.waitForLoadState('networkidle');
  await throttleToMobile(page);
  await page.goto('/clinician/sessions');
  await rows.nth(1).waitFor();
  await page.waitForLoadState('networkidle');
  const figures = await loadFigures(page);
  const pages = await page
    .getByRole('navigation', { name: 'Sessions pages' })
    .getByText(/^Page \d+ of \d+$/)
    .innerText();
  await context.close();
  return { ...figures, pages };
}

async function staticLcp(browser: Browser, url: string): Promise<number> {
  const context = await mobileContext(browser);
  const page = await context.newPage();
  await throttleToMobile(page);
  await page.goto(url);
  await page.getByText('Go To Login').waitFor();
  const { lcpS } = await loadFigures(page);
  await context.close();
  return lcpS;
}

/**
 * Lighthouse's mobile measures of /clinician/sessions on the clinic at scale (Largest Contentful Paint and Total
 * Blocking Time, through the DevTools protocol), against a static page's LCP under the same profile. At scale the demo
 * clinician's list holds every session of the clinic's patients (the demo data's few would flatter it).
 */
export async function benchSessionsLighthouse(): Promise<void> {
  const server = await startBenchServer(PORT, { scale: true });
  const staticPage = await startStaticPage();
  try {
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const runs: (LoadFigures & { pages: string })[] = [];
    const bare: number[] = [];
    const staticUrl = `http://localhost:${String((staticPage.address() as AddressInfo).port)}/`;
    for (let i = 0; i < RUNS; i++) {
      runs.push(await sessionsLoad(browser, server.url));
      bare.push(await staticLcp(browser, staticUrl));
    }
    await browser.close();
    const lcp = median(runs.map((r) => r.lcpS));
    const tbt = median(runs.map((r) => r.tbtMs));
    const base = median(bare);
    console.log(
      `/clinician/sessions (${runs[0]?.pages.replace('Page 1 of ', '') ?? '?'} pages of 25 sessions), mobile profile (4× CPU, slow 4G), median of ${String(RUNS)}: LCP ${lcp.toFixed(2)} s [${runs.map((r) => r.lcpS.toFixed(2)).join(', ')}], ` +
        `TBT ${tbt.toFixed(0)} ms [${runs.map((r) => r.tbtMs.toFixed(0)).join(', ')}], FCP ${median(runs.map((r) => r.fcpS)).toFixed(2)} s`,
    );
    console.log(
      `baseline, static HTML page under the same profile: LCP ${base.toFixed(2)} s; ratio ${(lcp / base).toFixed(2)}`,
    );
    benchRow({
      measure: 'Lighthouse mobile /clinician/sessions',
      measured: `LCP ${lcp.toFixed(2)} s, TBT ${tbt.toFixed(0)} ms (4× CPU, slow 4G, via CDP)`,
      baseline: `static page LCP ${base.toFixed(2)} s`,
      ratio: (lcp / base).toFixed(2),
      met: lcp <= LCP_GOAL_S && tbt <= TBT_GOAL_MS,
    });
  } finally {
    staticPage.close();
    await server.stop();
  }
}
