import type { FastifyInstance, FastifyRequest } from 'fastify';

const addresses = new WeakMap<FastifyRequest, string>();

/**
 * Notes each request's client address when it arrives. Fastify reads it from the socket on demand, and a request
 * whose upload was cut off (an oversized chunked body) has lost its socket by the time it is audited.
 */
export function registerClientAddress(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    addresses.set(request, request.ip);
  });
}

/** The client's address (behind trusted proxies, as TRUST_PROXY says), or 'unknown' if it was never known. */
export function clientAddress(request: FastifyRequest): string {
  return addresses.get(request) ?? (request.ip || 'unknown');
}
