import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { letWaitingRequestsIn } from './letWaitingRequestsIn.ts';

const open: { close(): void }[] = [];
afterEach(() => {
  for (const item of open.splice(0)) item.close();
});

function holdThread(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // as a synchronous SQLite statement does
  }
}

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    open.push({ close: () => socket.destroy() });
  });
}

describe('letWaitingRequestsIn', () => {
  it('lets a request that arrived while a handler held the thread in before the handler goes on', async () => {
    const events: string[] = [];
    const peer: { ping?: net.Socket; done?: () => void } = {};
    // A page's handler runs from an I/O callback: here, the 'data' of a 'page' message.
    const server = net.createServer((socket) =>
      socket.on('data', (data) => {
        if (data.toString() !== 'page') {
          events.push('ping answered');
          return;
        }
        void (async () => {
          peer.ping?.write('ping');
          holdThread(50);
          await letWaitingRequestsIn();
          events.push('page goes on');
          peer.done?.();
        })();
      }),
    );
    open.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const page = await connect(port);
    peer.ping = await connect(port);
    await new Promise<void>((resolve) => {
      peer.done = resolve;
      page.write('page');
    });
    expect(events).toEqual(['ping answered', 'page goes on']);
  });
});
