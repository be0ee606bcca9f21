import type { FastifyServerOptions } from 'fastify';

/** Paths only: query strings may carry access tokens, and no token or patient detail may reach the logs. */
function redactUrl(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : `${url.slice(0, q)}?[redacted]`;
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream === undefined ? {} : { stream }),
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: {
      req(request: { method: string; url: string; ip?: string }) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
    },
  };
}
