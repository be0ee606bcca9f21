import type { FastifyPluginAsync } from 'fastify';
import type { StorageDeps } from '#server/deps';
import { serveCall } from '#server/http/serveCall';
import { healthz } from './healthz.ts';
import { readyz } from './readyz.ts';

/** Probes for a load balancer: neither needs a token, and neither says more than the name of what failed. */
export function healthRoutes(deps: StorageDeps): FastifyPluginAsync {
  return async (app) => {
    serveCall(app, 'healthz', healthz);
    serveCall(app, 'readyz', readyz(app, deps));
  };
}
