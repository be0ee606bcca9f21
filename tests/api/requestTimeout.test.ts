import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/testApp.ts';

/**
 * A client that trickles a request body a byte at a time must not keep its socket (and a file descriptor) for as long
 * as it likes: the server closes it once REQUEST_TIMEOUT_SECONDS have passed without the whole request.
 */
describe('a request body trickled in', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { REQUEST_TIMEOUT_SECONDS: '2' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('is cut off within the timeout (and the checking interval)', { timeout: 30_000 }, async () => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    const started = Date.now();
    socket.write(
      'POST /api/adminLogin HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    const trickle = setInterval(() => socket.write(' '), 500);
    // The server's 408 and close end the trickle; a write racing the close fails, as the attacker's would.
    socket.on('error', () => undefined);
    const closedAfter = await new Promise<number | 'still open'>((resolve) => {
      socket.once('close', () => {
        clearInterval(trickle);
        resolve(Date.now() - started);
      });
      setTimeout(() => resolve('still open'), 20_000);
    });
    clearInterval(trickle);
    socket.destroy();
    expect(closedAfter).toBeLessThan(2_000 + 5_000 + 2_000);
    expect(closedAfter).toBeGreaterThanOrEqual(1_900);
  });
});
