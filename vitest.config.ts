import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const appDir = fileURLToPath(new URL('./src/app', import.meta.url));
const benchDir = fileURLToPath(new URL('./tests/bench/app', import.meta.url));

export default defineConfig({
  resolve: { alias: { '#app': appDir, '#bench': benchDir } },
  // Unit tests run the product's code paths (src/app/benchBuild.d.ts).
  define: { 'import.meta.env.BENCH_BUILD': 'false' },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/lint/**/*.test.ts'],
          exclude: ['src/**/*.dom.test.tsx'],
          // The planted-violation test lints with type information, which takes a while to load.
          testTimeout: 120_000,
          environment: 'node',
        },
      },
      {
        // Screens' logic that Playwright reaches only slowly (a dialog's checks, a table's selection), rendered into
        // happy-dom with Testing Library: seconds, not a browser run. `npm run test:unit` runs them with the unit tests.
        extends: true,
        test: {
          name: 'component',
          include: ['src/**/*.dom.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['tests/component/setup.ts'],
          // A dialog test takes one or two seconds alone; CI's shared cores may make that several.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/support/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
