import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  EXPIRY_IDLE_SECONDS,
  EXPIRY_REPORT_LINK_SECONDS,
  EXPIRY_SERVER,
  MAIN_SERVER,
  SCALE_SERVER,
  SERVER_CLOCK_CONTROL,
  BLUR_SERVER,
} from './tests/e2e/support/servers.ts';
import { SERVER_CLOCK_TAG } from './tests/e2e/support/serverClock.ts';
import { CHROMIUM_ARGS } from './tests/e2e/support/chromium.ts';

// Every run starts from freshly seeded demo data. Playwright evaluates this file in the runner
// and again in each worker; the variables (inherited by workers) keep them on the same folders.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'gait-e2e-'));
process.env.E2E_EXPIRY_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'gait-e2e-expiry-'));
process.env.E2E_SCALE_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'gait-e2e-scale-'));
process.env.E2E_BLUR_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'gait-e2e-blur-'));

/**
 * The product as shipped: the server serves the built client (npm run build runs first). `preload` is a test-only
 * module loaded before it (`--import`), never part of the product.
 */
function server(url: string, dataDir: string, env: Record<string, string> = {}, prepare = '', preload = '') {
  const port = new URL(url).port;
  return {
    command: `${prepare}npx tsx ${preload ? `--import ${preload} ` : ''}src/server/main.ts`,
    url: `${url}/login`,
    // No blurring unless a server asks for it: a job finishing mid-spec would change the rows other specs check.
    env: { NODE_ENV: 'test', PORT: port, DATA_DIR: dataDir, BLUR_WORKERS: '0', POSE_WORKERS: '0', ...env },
    reuseExistingServer: false,
    // Seeding the clinic at scale takes some seconds more on a busy machine.
    timeout: prepare ? 180_000 : 60_000,
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  globalTeardown: './tests/e2e/support/verifyAuditTrail.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // Two cores on the build machine: one browser per core.
  workers: 2,
  timeout: 30_000,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: MAIN_SERVER,
    headless: true,
    // A tablet-sized window: the product's main users are clinicians on iPads (docs/design.md).
    viewport: { width: 1024, height: 768 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium: Playwright cannot download its own browser on this machine.
      executablePath: '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: [/changePassword\.spec\.ts/, /scale\.spec\.ts/, /cameraRecording\.spec\.ts/],
      grepInvert: new RegExp(SERVER_CLOCK_TAG),
    },
    // The tests that move the expiry server's clock, one at a time: a move for one would expire another's token.
    { name: 'server-clock', grep: new RegExp(SERVER_CLOCK_TAG), workers: 1 },
    // Changes the demo patient's password, which the other specs log in with: runs after them.
    { name: 'account', testMatch: /changePassword\.spec\.ts/, dependencies: ['chromium'] },
    // Chromium's fake camera paces its frames by the wall clock: beside another browser its recording's steps run
    // slow (94 steps/min against 97.8 once), so the camera spec runs alone.
    {
      name: 'camera',
      testMatch: /cameraRecording\.spec\.ts/,
      dependencies: ['chromium', 'server-clock', 'account'],
      workers: 1,
    },
    // The clinic at scale, last and alone: its first sync of 100,000 rows and its filter timings share the machine
    // with no other spec (its checks read the page's own CPU time, but two browsers at once still slow each other).
    {
      name: 'scale',
      testMatch: /scale\.spec\.ts/,
      dependencies: ['chromium', 'server-clock', 'account', 'camera'],
      workers: 1,
    },
  ],
  webServer: [
    server(MAIN_SERVER, process.env.E2E_DATA_DIR),
    server(
      EXPIRY_SERVER,
      process.env.E2E_EXPIRY_DATA_DIR,
      {
        TOKEN_IDLE_SECONDS: String(EXPIRY_IDLE_SECONDS),
        REPORT_LINK_SECONDS: String(EXPIRY_REPORT_LINK_SECONDS),
        SERVER_CLOCK_CONTROL_PORT: new URL(SERVER_CLOCK_CONTROL).port,
      },
      '',
      './tests/e2e/support/serverClockPreload.ts',
    ),
    server(BLUR_SERVER, process.env.E2E_BLUR_DATA_DIR, {
      BLUR_WORKERS: '1',
      BLUR_POLL_SECONDS: '1',
      BLUR_METHOD: 'wholeFrame',
    }),
    // Demo data plus 20,000 patients and 100,000 sessions, seeded through the server's own database code, for the
    // scale spec. E2E_SCALE=0 leaves it out (and the spec skips), for a quicker local run of other specs.
    ...(process.env.E2E_SCALE === '0'
      ? []
      : [server(SCALE_SERVER, process.env.E2E_SCALE_DATA_DIR, {}, 'npx tsx tests/scale/prepareScaleData.ts && ')]),
  ],
});
