import type { FastifyInstance, FastifyRequest } from 'fastify';

const pending = new WeakMap<FastifyRequest, () => Promise<void>>();

/** Runs `cleanup` just before the request's answer goes out, whatever the answer is. */
export function beforeAnswer(request: FastifyRequest, cleanup: () => Promise<void>): void {
  pending.set(request, cleanup);
}

/**
 * Files a write replaced, or files of a write that did not happen, are deleted before the answer is sent, so a
 * client that has the answer never finds storage in between (and tests can check storage right after a call).
 */
export function registerAnswerCleanup(app: FastifyInstance): void {
  app.addHook('onSend', async (request) => {
    const cleanup = pending.get(request);
    if (cleanup === undefined) return;
    pending.delete(request);
    await cleanup();
  });
}
