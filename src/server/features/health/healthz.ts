import type { CallHandler } from '#server/http/serveCall';

/** healthz: the process answers (a load balancer restarts it if not). */
export const healthz: CallHandler<'healthz'> = async (_request, reply) =>
  reply.header('Cache-Control', 'no-store').send({ status: 'ok' });
