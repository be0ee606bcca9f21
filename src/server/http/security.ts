import type { FastifyInstance } from 'fastify';

// Everything the client needs comes from this origin; blob: serves in-app video and worker URLs.
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    // The API docs page ships its own inline scripts, so it alone keeps the docs plugin's policy.
    if (!request.url.startsWith('/api/docs')) reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
  });
}
