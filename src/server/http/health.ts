import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { DbHandle } from '#server/db/connect';
import type { FileStorage } from '#server/storage/fileStorage';

const probeAnswer = z.object({
  status: z.enum(['ok', 'unavailable', 'stopping']),
  failed: z.array(z.string()).optional(),
});

// Fastify is extended by declaration merging, which only interfaces allow.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the process has been asked to stop: /readyz then turns the load balancer's traffic away. */
    lifecycle: { stopping: boolean };
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** How long a readiness probe waits for the database or the file store before calling it unavailable. */
const PROBE_TIMEOUT_MS = 2_000;

function withinTimeout(work: Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), PROBE_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Probes for a load balancer. /healthz: the process answers (restart it if not). /readyz: it can serve requests,
 * because its database and its file store answer and it is not stopping (send it no traffic if not). Neither says
 * what failed beyond the name of the dependency, and neither needs a token.
 */
export function registerHealthProbes(app: FastifyInstance, deps: { database: DbHandle; storage: FileStorage }): void {
  const common = {
    config: { access: 'public' as const },
    schema: { hide: true, response: { 200: probeAnswer, 503: probeAnswer } },
  };
  app.decorate('lifecycle', { stopping: false });
  app.get('/healthz', common, (_request, reply) => reply.header('Cache-Control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', common, async (_request, reply) => {
    if (app.lifecycle.stopping) return reply.code(503).header('Cache-Control', 'no-store').send({ status: 'stopping' });
    const checks = {
      database: () => sql`select 1`.execute(deps.database.db),
      storage: () => deps.storage.check(),
    };
    const results = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => ({
        name,
        ok: await withinTimeout(check()).then(
          () => true,
          () => false,
        ),
      })),
    );
    const failed = results.filter((result) => !result.ok).map((result) => result.name);
    reply.header('Cache-Control', 'no-store');
    if (failed.length > 0) return reply.code(503).send({ status: 'unavailable', failed });
    return reply.send({ status: 'ok' });
  });
}
