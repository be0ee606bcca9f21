import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Answer, CallDefinition } from '#shared/api/call';
import { API_CALLS, type ApiCalls, type CallName } from '#shared/api/calls';

type Part<C, P extends string> = C extends { [Q in P]: infer S } ? S : undefined;
type AnswerSchema<A> = A extends { json: infer J extends z.ZodType }
  ? J
  : A extends { media: readonly string[] }
    ? { description: string; content: Record<string, { schema: z.ZodType }> }
    : z.ZodUndefined;

/** A call's route schema as Fastify and the zod type provider see it: request parts and one answer per status. */
type CallSchema<K extends CallName> = {
  querystring: Part<ApiCalls[K], 'query'>;
  params: Part<ApiCalls[K], 'params'>;
  body: Part<ApiCalls[K], 'body'>;
  headers: Part<ApiCalls[K], 'headers'>;
  response: { [S in keyof ApiCalls[K]['answers']]: AnswerSchema<ApiCalls[K]['answers'][S]> };
};

/** The request of a call: query, params, body and headers as its schemas parse them. */
export type CallRequest<K extends CallName> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  CallSchema<K>,
  ZodTypeProvider
>;

/** A handler of a call: what it returns (or sends) must be one of the call's answers. */
export type CallHandler<K extends CallName> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  CallSchema<K>,
  ZodTypeProvider
>;

/** A body that is not JSON: text as a string, anything else as bytes (sent as a stream or Buffer, never serialized). */
const mediaBody = (type: string) =>
  type.startsWith('text/') ? z.string() : z.unknown().meta({ type: 'string', format: 'binary' });

function answerSchema(answer: Answer) {
  if (answer.json !== undefined) return answer.json.describe(answer.description);
  if (answer.media !== undefined) {
    const content = Object.fromEntries(answer.media.map((type) => [type, { schema: mediaBody(type) }]));
    return { description: answer.description, content };
  }
  return z.undefined().describe(answer.description);
}

/** The route schema of a call: what Fastify validates and serializes with, and what the OpenAPI document shows. */
function routeSchema(name: CallName, call: CallDefinition): FastifySchema {
  const parts = { querystring: call.query, params: call.params, body: call.body, headers: call.headers };
  return {
    operationId: name,
    summary: call.summary,
    tags: [call.tag],
    ...(call.description === undefined ? {} : { description: call.description }),
    // Public calls need no token; the others take the document's default (a bearer token), and the addresses a browser
    // loads itself the access_token query parameter too.
    ...(call.access === 'public' ? { security: [] } : {}),
    ...(call.tokenInQuery === true ? { security: [{ bearer: [] }, { accessToken: [] }] } : {}),
    ...(call.consumes === undefined ? {} : { consumes: call.consumes }),
    // Fastify warns about a request part that is present but undefined, so only the parts a call has are set.
    ...Object.fromEntries(Object.entries(parts).filter(([, schema]) => schema !== undefined)),
    response: Object.fromEntries(
      Object.entries(call.answers).map(([status, answer]) => [status, answerSchema(answer)]),
    ),
  };
}

const sendsStoredBytes = (call: CallDefinition) =>
  Object.values(call.answers).some((answer) => answer.media?.some((type) => !type.startsWith('text/')) === true);

/**
 * Registers the route of one call from the call map: its method and path, its schemas (so Fastify validates the
 * request and the answer, and the OpenAPI document shows both), who may make it, and its handler, whose request
 * and reply are typed by the same schemas. A route is never declared anywhere else.
 */
export function serveCall<K extends CallName>(
  app: FastifyInstance,
  name: K,
  handler: CallHandler<K>,
  options: { attachValidation?: boolean } = {},
): void {
  const call: CallDefinition = API_CALLS[name];
  app.withTypeProvider<ZodTypeProvider>().route<RouteGenericInterface, ContextConfigDefault, CallSchema<K>>({
    ...options,
    method: call.method,
    url: call.path,
    // Built at run time from the same definition whose types CallSchema reads, so it is the schema CallSchema says.
    schema: routeSchema(name, call) as CallSchema<K>,
    // @fastify/swagger leaves HEAD routes out unless told: a HEAD call of the map is documented like any other.
    config: {
      access: call.access,
      call: name,
      ...(call.tokenInQuery === true ? { tokenInQuery: true } : {}),
      // A stored file (a recording, a video, a PDF) is sent as stored: compressing gigabytes on the fly would cost the
      // CPU every other request needs, and its byte ranges must stay the stored file's.
      ...(sendsStoredBytes(call) ? { compress: false } : {}),
      ...(call.method === 'HEAD' ? { swagger: { exposeHeadRoute: true } } : {}),
    },
    handler,
  });
}
