import type { KyInstance, Options, ResponsePromise } from 'ky';
import type { HttpMethod } from '#shared/api/call';
import type { ApiCalls, Body, CallName, IdempotentCall, Query, Reply } from '#shared/api/calls';
import { api } from './api.ts';

/**
 * The calls the app makes by name: those the call map serves at `/api/<name>` with this method. The client builds
 * the address from the name alone (no copy of the map in the login page's bundle), and the map's path type proves
 * that the address is right: a call served elsewhere is not in this union, so naming it does not compile.
 */
export type NamedCall<M extends HttpMethod> = {
  [K in CallName]: ApiCalls[K] extends { method: M; path: `/api/${K}` } ? K : never;
}[CallName];

/** The changes the outbox queues: idempotent JSON POSTs by name (a call that takes a file body is sent as an upload). */
export type OutboxCall = Exclude<
  IdempotentCall,
  { [K in CallName]: ApiCalls[K] extends { consumes: unknown } ? K : never }[CallName]
> &
  NamedCall<'POST'>;

/**
 * The queued change whose fields go on the address, not in a JSON body: Upload Session File naming, by FileUploadID,
 * the file the outbox sent resumably first (sent at once, its body is the file itself).
 */
export type StagedFileCall = 'uploadSessionFile';

/** Every change the outbox may hold. */
export type QueuedCall = OutboxCall | StagedFileCall;

/** Everything a request may set besides what the call map decides (address, method, query, body). */
export type CallOptions = Omit<Options, 'method' | 'json' | 'body' | 'searchParams'> & {
  /** `http` for the calls that must not log the user out on a 401 (login and logout themselves); `api` otherwise. */
  client?: Pick<KyInstance, 'get' | 'post'>;
};

export const callPath = <K extends NamedCall<HttpMethod>>(call: K): `/api/${K}` => `/api/${call}`;

/** Query parameters as they go on the address: every value given, as text. */
export function searchParamsOf(query: object | undefined): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params[name] = String(value);
  }
  return params;
}

function send(method: 'get' | 'post', path: string, options: CallOptions, input: Options): ResponsePromise {
  const { client = api, ...rest } = options;
  return client[method](path, { ...rest, ...input });
}

/** A GET by name with its query; the response as it came, for a caller that reads text, a stream or a status. */
const sendGet = <K extends NamedCall<'GET'>>(call: K, query: Query<K>, options: CallOptions = {}) =>
  send('get', callPath(call), options, { searchParams: searchParamsOf(query ?? undefined) });

/** A POST by name with its JSON body (none when the call takes none); the response as it came. */
export const sendPost = <K extends NamedCall<'POST'>>(call: K, body: Body<K>, options: CallOptions = {}) =>
  send('post', callPath(call), options, body === undefined ? {} : { json: body });

/** A GET by name: resolves to its 200 answer as the call map types it; any other status throws (ky's HTTPError). */
export const getCall = <K extends NamedCall<'GET'>>(call: K, query: Query<K>, options?: CallOptions) =>
  sendGet(call, query, options).json<Reply<K>>();

/** A POST by name: resolves to its 200 answer as the call map types it; any other status throws (ky's HTTPError). */
export const postCall = <K extends NamedCall<'POST'>>(call: K, body: Body<K>, options?: CallOptions) =>
  sendPost(call, body, options).json<Reply<K>>();
