import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from '#shared/messages';
import { HttpError } from './errors.ts';

/**
 * Turns every failure into the specification's (docs/spec.md) `{error}` body with an honest status. Validation messages come from the shared
 * zod schemas, so they are the exact texts the client shows (docs/spec.md §5). Unexpected errors never leak internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    // A refused upload may still be arriving: close the connection after the answer rather than read gigabytes more.
    if (error.statusCode === 413) reply.header('Connection', 'close');
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ error: error.message, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.code(400).send({ error: first?.message ?? 'Invalid request' });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.code(413).send({ error: 'The file is too large.' });
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: status === 415 ? 'Unsupported content type.' : 'Invalid request' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: MESSAGES.someError });
  });
}
