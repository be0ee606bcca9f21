import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CallDefinition } from '#shared/api/call';
import { API_CALLS } from '#shared/api/calls';
import { serveCall } from './serveCall.ts';

const toJson = (schema: z.ZodType) => {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });
  return json;
};

/**
 * The zod type provider's transform, plus what it leaves out: the headers an answer carries (Retry-After,
 * Upload-Offset, ETag, Idempotent-Replayed …), which @fastify/swagger reads from an answer's `headers`.
 */
const withAnswerHeaders: SwaggerTransform = (document) => {
  const transformed = jsonSchemaTransform(document);
  const name = document.route.config?.call;
  const response = transformed.schema.response as Record<string, Record<string, unknown>> | undefined;
  if (name === undefined || response === undefined) return transformed;
  const call: CallDefinition = API_CALLS[name];
  // @fastify/swagger names a HEAD route '<operationId>-head', as if it were a GET's twin: a HEAD call is its own.
  if (call.method === 'HEAD') transformed.schema = { ...transformed.schema, operationId: name };
  for (const [status, answer] of Object.entries(call.answers)) {
    const documented = response[status];
    if (answer.headers === undefined || documented === undefined) continue;
    documented.headers = Object.fromEntries(
      Object.entries(answer.headers).map(([header, schema]) => [header, toJson(schema)]),
    );
  }
  return transformed;
};

/**
 * The contract, generated from the call map: /api/openapi.json (OpenAPI 3.1) and a reader at /api/docs. Calls need
 * a bearer token unless they say they are public; the access_token query parameter stands in for it only on the
 * addresses a browser loads itself (video sources, downloads: tokenInQuery in the call map).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Gait Portal API',
        version: '1.0.0',
        description:
          'Patients, clinicians, clinics, recorded walking sessions and gait reports. Every call is scoped by role: ' +
          'a record outside the caller’s scope answers 404, like one that does not exist.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'The AccessToken a login answers' },
          accessToken: {
            type: 'apiKey',
            in: 'query',
            name: 'access_token',
            description: 'The same token, for addresses a browser loads itself (a video source, a download)',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: withAnswerHeaders,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  serveCall(app, 'openapi', () => ({ ...app.swagger() }));
}
