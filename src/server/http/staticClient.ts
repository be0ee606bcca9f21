import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { LOGIN_PAGE_FILE } from './loginShellPage.ts';
import { SESSIONS_PAGE_FILE, SESSIONS_PAGE_PATHS } from './routePreloadPage.ts';

/** Pages written by the build beside index.html: revalidated on every load like it. */
const PAGES = new Set(['index.html', LOGIN_PAGE_FILE, SESSIONS_PAGE_FILE, 'sw.js']);

/**
 * Serves the built client. index.html and sw.js must be revalidated on every load so that a new release (and its
 * service worker) is found; hashed assets never change and may be cached for a year. Files that exist (robots.txt,
 * the icons) are sent as they are; any other path outside the API is a client route and gets the app shell.
 */
export async function registerStaticClient(app: FastifyInstance, clientDir: string): Promise<boolean> {
  const indexFile = path.join(clientDir, 'index.html');
  if (!fs.existsSync(indexFile)) return false;
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: true,
    index: false,
    // The build writes .br and .gz beside each text asset (precompressAssets.ts); the browser gets the one it accepts,
    // with Content-Encoding and Vary: Accept-Encoding.
    preCompressed: true,
    // Ours alone: with the plugin's default, send() overwrote the no-cache below with 'public, max-age=0'.
    cacheControl: false,
    setHeaders(res, filePath) {
      // The same URL may be sent brotli, gzip or plain: a shared cache must keep them apart.
      res.setHeader('Vary', 'Accept-Encoding');
      // A precompressed variant (sw.js.br) is cached as the file it stands for.
      const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
      if (PAGES.has(name) || name.endsWith('.webmanifest')) {
        res.setHeader('Cache-Control', 'no-cache');
      } else if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.setHeader('Cache-Control', 'public, max-age=0');
      }
    },
  });
  // The site root and every client-side route (/clinician/home, …) load the app shell.
  const sendShell = (reply: FastifyReply) =>
    reply.header('Cache-Control', 'no-cache').sendFile('index.html', { cacheControl: false });
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendShell(reply));
  // The login page with its card already in the HTML (loginShellPage.ts): painted before the app's scripts arrive.
  if (fs.existsSync(path.join(clientDir, LOGIN_PAGE_FILE))) {
    app.get('/login', { schema: { hide: true } }, (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').sendFile(LOGIN_PAGE_FILE, { cacheControl: false }),
    );
  }
  // The session browser with its route's chunks preloaded (routePreloadPage.ts).
  if (fs.existsSync(path.join(clientDir, SESSIONS_PAGE_FILE))) {
    for (const url of SESSIONS_PAGE_PATHS) {
      app.get(url, { schema: { hide: true } }, (_request, reply) =>
        reply.header('Cache-Control', 'no-cache').sendFile(SESSIONS_PAGE_FILE, { cacheControl: false }),
      );
    }
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/Internal/');
    if (request.method === 'GET' && !isApi) return sendShell(reply);
    return reply.code(404).send({ error: 'Not found' });
  });
  return true;
}
