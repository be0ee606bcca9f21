import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

/**
 * knip (run by `npm run lint`) is proved able to fail with the project's own knip.json: in a throwaway project laid
 * out like this one, an exported function nobody imports and a file nobody imports are reported, and the server's
 * entry and what it uses are not. The real tree is never written to.
 */
const tmp = mkdtempSync(path.join(os.tmpdir(), 'knip-plants-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function plant(relative: string, text: string): void {
  mkdirSync(path.dirname(path.join(tmp, relative)), { recursive: true });
  writeFileSync(path.join(tmp, relative), text);
}

it('reports an unused export and an unused file, and nothing used', () => {
  copyFileSync('knip.json', path.join(tmp, 'knip.json'));
  // The server's entry is known, as in the real package.json, from the script that starts it.
  const scripts = { start: 'node src/server/main.ts' };
  plant('package.json', JSON.stringify({ name: 'plants', type: 'module', private: true, scripts }));
  plant('src/server/main.ts', "import { used } from '../shared/units.ts';\nconsole.log(used());\n");
  plant(
    'src/shared/units.ts',
    'export function used() {\n  return 1;\n}\nexport function planted() {\n  return 2;\n}\n',
  );
  plant('src/shared/orphan.ts', 'export const orphan = 3;\n');
  const knip = path.resolve('node_modules/.bin/knip');
  const result = spawnSync(knip, ['--no-progress', '--no-config-hints', '--directory', tmp], { encoding: 'utf8' });
  const report = result.stdout + result.stderr;
  expect(result.status, report).not.toBe(0);
  expect(report).toMatch(/src\/shared\/orphan\.ts/);
  expect(report).toMatch(/planted\s+function\s+src\/shared\/units\.ts/);
  expect(report).not.toMatch(/\bused\b|main\.ts/);
}, 120_000);
