import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { StorageDeps } from '#server/deps';
import type { CallHandler } from '#server/http/serveCall';

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
 * readyz: the process can serve requests, because its database and its file store answer and it is not stopping
 * (a load balancer sends it no traffic if not). It says what failed by the dependency's name only.
 */
export function readyz(app: FastifyInstance, deps: StorageDeps): CallHandler<'readyz'> {
  return async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (app.lifecycle.stopping) return reply.code(503).send({ status: 'stopping' });
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
    if (failed.length > 0) return reply.code(503).send({ status: 'unavailable', failed });
    return reply.send({ status: 'ok' });
  };
}
