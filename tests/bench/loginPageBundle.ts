import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, startBenchServer } from './benchServer.ts';
import { benchRow } from './table.ts';
import { COMPRESSION_MEASURE, getAsSent } from './wireEncoding.ts';

const BUDGET_KB = 150;
const PORT = Number(process.env.BENCH_LOGIN_PORT ?? 8191);

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
      // What the server really sent for it, as transferred: the headers and the body as encoded on the wire, not a
      // size computed from dist/.
      sent.push(
        request.response().then(async () => {
          const sizes = await request.sizes();
          return sizes.responseHeadersSize + sizes.responseBodySize;
        }),
      );
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
    console.log(
      `login page JavaScript as transferred, headers included (Chromium accepts brotli): ${sentKb.toFixed(1)} KB`,
    );
    // Each login script as a browser that accepts brotli gets it, against the .br file the build wrote beside it.
    const asSent = await Promise.all(
      [...scripts].map(async (p) => {
        const answer = await getAsSent(`${server.url}${p}`, { 'accept-encoding': 'br, gzip' });
        const built = path.join(dist, `${p}.br`);
        const precompressed = fs.existsSync(built) && fs.readFileSync(built).equals(answer.wire);
        return { ...answer, precompressed };
      }),
    );
    const wireKb = asSent.reduce((sum, a) => sum + a.wire.length, 0) / 1024;
    const rawKb = asSent.reduce((sum, a) => sum + a.body.length, 0) / 1024;
    // Files under 1 KiB are sent as they are (precompressAssets.ts): a compressed copy would save less than its header.
    const large = asSent.filter((a) => a.body.length >= 1024);
    const fromBuild = large.filter((a) => a.encoding === 'br' && a.precompressed).length;
    benchRow({
      measure: COMPRESSION_MEASURE,
      measured: `static: ${String(fromBuild)} of ${String(large.length)} login scripts over 1 KiB sent as the build's .br (${String(asSent.length - large.length)} smaller sent plain), ${wireKb.toFixed(1)} of ${rawKb.toFixed(1)} KB`,
      baseline: 'the same files uncompressed',
      ratio: (wireKb / rawKb).toFixed(2),
      met: fromBuild === large.length,
    });
    benchRow({
      measure: 'Login page JS transferred',
      measured: `${sentKb.toFixed(1)} KB transferred with headers (${loginKb.toFixed(1)} KB of bodies if gzip)`,
      baseline: `all JS ${totalKb.toFixed(1)} KB gzip`,
      ratio: (loginKb / totalKb).toFixed(2),
      met: sentKb <= BUDGET_KB,
    });
  } finally {
    await server.stop();
  }
}
