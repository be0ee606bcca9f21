import { createServer } from 'node:http';

/**
 * Loaded with `--import` into the e2e expiry server only (playwright.config.ts), never by the product: the server's
 * notion of now becomes the real time plus an offset that a test moves forward, so token and link lifetimes run out
 * without waiting. The server reads the time through `new Date()` and `Date.now()`, both shifted here; a Date made from
 * a given value is left as it is. The offset is moved through a control port on the loopback interface, apart from
 * the server's own port, which the product does not have (tests/e2e/support/serverClock.ts calls it).
 */

const controlPort = Number(process.env.SERVER_CLOCK_CONTROL_PORT);
if (!Number.isInteger(controlPort) || controlPort <= 0) {
  throw new Error('serverClockPreload: SERVER_CLOCK_CONTROL_PORT must name the control port');
}

const RealDate = Date;
let offsetMs = 0;
const now = () => RealDate.now() + offsetMs;

globalThis.Date = new Proxy(RealDate, {
  construct(target, args: unknown[], newTarget) {
    return Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget) as object;
  },
  // Date() called without `new` answers the current time as text.
  apply(target) {
    return new target(now()).toString();
  },
  get(target, property, receiver) {
    return property === 'now' ? now : (Reflect.get(target, property, receiver) as unknown);
  },
});

/** POST /advance?seconds=N moves the clock N seconds on (never back); any answer carries the server's now. */
const control = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (request.method === 'POST' && url.pathname === '/advance') {
    const seconds = Number(url.searchParams.get('seconds'));
    if (!Number.isFinite(seconds) || seconds < 0) {
      response.writeHead(400).end('seconds must be a number of seconds, not negative');
      return;
    }
    offsetMs += seconds * 1000;
  } else if (!(request.method === 'GET' && url.pathname === '/now')) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ now: new Date(now()) }));
});
control.listen(controlPort, '127.0.0.1');
// The control port does not keep the server's process alive.
control.unref();
