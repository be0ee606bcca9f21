import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './nodeFlags.ts';

describe('SERVER_NODE_FLAGS', () => {
  it('are the flags `npm start` runs the server with, so the benches measure the server as it is started', () => {
    const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    const start = pkg.scripts.start ?? '';
    expect(start).toContain(`node ${SERVER_NODE_FLAGS.join(' ')} --import tsx src/server/main.ts`);
  });
});
