import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, startBenchServer } from './benchServer.ts';
import { benchRow } from './table.ts';

const BUDGET_KB = 150;
const PORT = 8191;

const gzipKb = (file: string) => gzipSync(fs.readFileSync(file)).length / 1024;

/**
 * JavaScript a browser downloads to show /login, gzip-compressed (docs/design.md budget: 150 KB), against the baseline of
 * all the JavaScript the build produced, measured in the same run.
 */
export async function benchLoginPageBundle(): Promise<void> {
  const dist = path.resolve('dist');
  const server = await startBenchServer(PORT);
  try {
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    // The page's own scripts: the service worker's background precache of every chunk is not the login page's cost.
    const page = await browser.newPage({ serviceWorkers: 'block' });
    const scripts = new Set<string>();
    const sent: Promise<number>[] = [];
    page.on('request', (request) => {
      if (request.resourceType() !== 'script') return;
      scripts.add(new URL(request.url()).pathname);
      // What the server really sent for it (body bytes as encoded on the wire), not a size computed from dist/.
      sent.push(request.response().then(async () => (await request.sizes()).responseBodySize));
    });
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Go To Login' }).waitFor();
    await page.waitForLoadState('networkidle');
    const sentKb = (await Promise.all(sent)).reduce((sum, bytes) => sum + bytes, 0) / 1024;
    await browser.close();

    const loginKb = [...scripts].reduce((sum, p) => sum + gzipKb(path.join(dist, p)), 0);
    const allJs = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
    const totalKb = allJs.reduce((sum, f) => sum + gzipKb(path.join(dist, 'assets', f)), 0);
    console.log(
      `login page JavaScript: ${loginKb.toFixed(1)} KB gzip in ${String(scripts.size)} files (budget ${String(BUDGET_KB)} KB)`,
    );
    console.log(`baseline, all built JavaScript: ${totalKb.toFixed(1)} KB gzip in ${String(allJs.length)} files`);
    console.log(
      `ratio login/all: ${(loginKb / totalKb).toFixed(2)}; ${loginKb <= BUDGET_KB ? 'within' : 'OVER'} budget`,
    );
    console.log(`login page JavaScript as the server sent it (Chromium accepts brotli): ${sentKb.toFixed(1)} KB`);
    benchRow({
      measure: 'Login page JS transferred',
      measured: `${sentKb.toFixed(1)} KB sent (${loginKb.toFixed(1)} KB if gzip)`,
      baseline: `all JS ${totalKb.toFixed(1)} KB gzip`,
      ratio: (loginKb / totalKb).toFixed(2),
      met: sentKb <= BUDGET_KB,
    });
  } finally {
    await server.stop();
  }
}
