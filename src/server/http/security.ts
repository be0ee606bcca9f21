import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

// Everything the client needs comes from this origin; blob: serves in-app video and worker URLs.
const APP_POLICY = {
  defaultSrc: ["'self'"],
  // The pose model's WASM backend compiles WebAssembly from this origin; 'wasm-unsafe-eval' allows that, not eval().
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  workerSrc: ["'self'", 'blob:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

// The API docs page: scripts only from this origin or with this response's nonce (helmet adds one to script-src and
// style-src), never inline without it. swagger-ui writes its own <style> elements and style attributes at run time,
// which style-src-elem and style-src-attr allow; styles cannot run code.
const DOCS_POLICY = {
  ...APP_POLICY,
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  styleSrcElem: ["'self'", "'unsafe-inline'"],
  styleSrcAttr: ["'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
};

const isDocs = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

/**
 * Security headers from helmet (@fastify/helmet), set when a request arrives, so a route that needs another policy
 * (a report page: nothing may load or run) sets its own header and keeps it. HSTS only where the browser reached us
 * over HTTPS, directly or through a trusted proxy that says so (X-Forwarded-Proto, per TRUST_PROXY): sent over plain
 * HTTP it would be ignored at best, and on a LAN install with no certificate it would lock browsers out.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  // Before helmet's own onRoute hook, which turns a route's `helmet` option into its configuration.
  app.addHook('onRoute', (route) => {
    if (!isDocs(route.url)) return;
    route.helmet = { enableCSPNonces: true, contentSecurityPolicy: { useDefaults: false, directives: DOCS_POLICY } };
  });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: APP_POLICY },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol !== 'https') reply.raw.removeHeader('Strict-Transport-Security');
    // Helmet has no Permissions-Policy. The portal's own pages may use the camera (a walk filmed on the tablet,
    // docs/pose-jobs.md); no frame from elsewhere may, and nothing may use the microphone or the location.
    reply.header('Permissions-Policy', 'camera=(self), microphone=(), geolocation=()');
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
  });
}
