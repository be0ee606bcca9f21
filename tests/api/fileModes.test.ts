import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, type Instance } from './support/instances.ts';

/** Every file and folder below `dir` with the permission bits it grants to anyone but its owner. */
function openToOthers(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).flatMap((entry) => {
    const where = path.join(entry.parentPath, entry.name);
    const mode = fs.statSync(where).mode & 0o777;
    return (mode & 0o077) === 0 ? [] : [`${path.relative(dir, where)} ${mode.toString(8)}`];
  });
}

/** The server as an operator starts it, on a DATA_DIR it makes itself (as `npm start` makes ./data). */
describe('files the server writes', () => {
  let instance: Instance;
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'gait-modes-'));
  const dataDir = path.join(parent, 'data');
  beforeAll(async () => {
    instance = await startInstance('modes', { DATA_DIR: dataDir });
  }, 120_000);
  afterAll(async () => {
    await instance.stop();
    fs.rmSync(parent, { recursive: true, force: true });
  });

  it('are readable by its own user alone: databases, keys, checkpoint and session files', () => {
    const written = fs.readdirSync(dataDir, { recursive: true }).map(String);
    expect(written).toEqual(expect.arrayContaining(['gait-portal.sqlite', 'audit.key', 'audit-checkpoint.json']));
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(openToOthers(dataDir)).toEqual([]);
  });
});
