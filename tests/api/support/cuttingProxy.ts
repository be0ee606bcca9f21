import net from 'node:net';

/**
 * A TCP proxy on loopback in front of a server that can cut the connection once a number of request bytes went
 * through, as a ward's Wi-Fi drops halfway through a PATCH: the server sees a body that stops, the client an error.
 */
export async function cuttingProxy(targetPort: number) {
  let budget = Infinity;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (data: Buffer) => {
      budget -= data.length;
      if (budget < 0) {
        const fits = data.length + budget;
        budget = Infinity;
        // What fits the budget still arrives; the rest never does.
        upstream.write(data.subarray(0, fits), drop);
        return;
      }
      upstream.write(data);
    });
    upstream.on('data', (data: Buffer) => client.write(data));
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The proxy has no port');
  return {
    port: address.port,
    /** The next `bytes` bytes from clients go through; then their connection is cut. */
    cutAfter(bytes: number) {
      budget = bytes;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
