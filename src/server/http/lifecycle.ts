import type { FastifyInstance } from 'fastify';

// Fastify is extended by declaration merging, which only interfaces allow.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the process has been asked to stop: /readyz then turns the load balancer's traffic away. */
    lifecycle: { stopping: boolean };
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** Where main.ts says the process is stopping, for the readiness probe to read. */
export function registerLifecycle(app: FastifyInstance): void {
  app.decorate('lifecycle', { stopping: false });
}
