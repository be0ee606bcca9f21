import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '#shared/messages';
import { HttpError } from './errors.ts';
import { INVALID_REQUEST } from './requestValidation.ts';

// A login's 400 keeps the login answer's shape, Result and Data.Error (docs/spec.md §8 "Login failure"), whatever was
// wrong with the request: malformed JSON or an empty body as much as a missing field.
const isLogin = (request: FastifyRequest) => request.routeOptions.config.call?.endsWith('Login') === true;
const badInputBody = (request: FastifyRequest, message: string) =>
  isLogin(request) ? { Result: 'Failure', Data: { Error: message } } : { error: message };

/**
 * Turns every failure into the specification's (docs/spec.md) `{error}` body with an honest status. Validation messages
 * come from the shared zod schemas, so they are the exact texts the client shows (docs/spec.md §5), or INVALID_REQUEST
 * for a rule with no text of its own (requestValidation.ts). Unexpected errors never leak internals.
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
    if (error.validation !== undefined) {
      return reply.code(400).send(badInputBody(request, error.validation[0]?.message ?? INVALID_REQUEST));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.code(413).send({ error: 'The file is too large.' });
    if (status === 415) return reply.code(415).send({ error: 'Unsupported content type.' });
    if (status === 400) return reply.code(400).send(badInputBody(request, INVALID_REQUEST));
    if (status > 400 && status < 500) return reply.code(status).send({ error: INVALID_REQUEST });
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: MESSAGES.someError });
  });
}
