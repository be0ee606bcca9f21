import { z } from 'zod';
import { SESSION_END_REASONS } from '../auth/sessionEnd.ts';
import type { UserType } from '../auth/userTypes.ts';
import { errorBodySchema } from './results.ts';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** Who may make a call: anyone, with no token ('public'), or a token of one of the roles listed. */
export type Access = 'public' | readonly UserType[];

/** One answer a call may give: its status's meaning, its body and the response headers that carry meaning. */
export type Answer = {
  readonly description: string;
  /** The JSON body; absent when the answer has no body, or one of the `media` types. */
  readonly json?: z.ZodType;
  /** Media types of a body that is not JSON: a stored file, a report page or PDF. */
  readonly media?: readonly string[];
  readonly headers?: Readonly<Record<string, z.ZodType>>;
};

/**
 * One API call, everything a server and a client must agree on: where it lives, what it takes (query, path
 * parameters, body, headers), what it answers for each status (errors included), who may make it, and whether it
 * takes an Idempotency-Key. The server registers its routes from these; the client types its requests by them.
 */
export type CallDefinition = {
  readonly method: HttpMethod;
  /** The path as the server routes it: `:name` for a path parameter. */
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  readonly tag: string;
  readonly access: Access;
  /**
   * An address a browser loads itself (a `<video src>`, a download link, a new tab), which cannot send an
   * Authorization header: the token may come as the access_token query parameter. No other call takes it there, since
   * an address with a token ends up in histories and proxy logs.
   */
  readonly tokenInQuery?: boolean;
  /** Takes an Idempotency-Key: a repeat with the same key returns the first answer and changes nothing. */
  readonly idempotent?: boolean;
  readonly query?: z.ZodObject;
  readonly params?: z.ZodObject;
  readonly body?: z.ZodType;
  /** Request headers beyond Authorization (and Idempotency-Key, added for idempotent calls); lower-case names. */
  readonly headers?: z.ZodObject;
  /** Media types of a request body that is not JSON (an uploaded file). */
  readonly consumes?: readonly string[];
  readonly answers: Readonly<Record<number, Answer>>;
};

/** An answer whose body is `{error}`: the message is safe to show, and the specification's (docs/spec.md) validation texts come verbatim. */
export const problem = (description: string) => ({ description, json: errorBodySchema });

/**
 * An Idempotency-Key is made by the client (a UUID) for each change it queues; a replay of the key returns the first
 * answer. Letters, digits, '-' and '_' only, so that a key can never smuggle anything into a log or a query.
 */
const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
export const idempotencyKeySchema = z
  .string()
  .regex(IDEMPOTENCY_KEY_PATTERN, 'Idempotency-Key must be 8 to 100 letters, digits, - or _')
  .describe('Made by the client for each change (a UUID): a repeat returns the first answer and changes nothing.');

/** The request header of an idempotent call, as the server reads it (header names arrive in lower case). */
export const idempotencyHeaders = z.looseObject({ 'idempotency-key': idempotencyKeySchema.optional() });

const replayedHeader = z
  .literal('true')
  .describe('Present when this is the stored answer to an Idempotency-Key already processed: nothing was changed.');

/** The 401 of a dead token: the holder of a token the server issued also learns why it ended. */
const tokenInvalidSchema = errorBodySchema.extend({
  reason: z
    .enum(SESSION_END_REASONS)
    .optional()
    .describe(
      'Why an issued token ended: idle too long, past its absolute lifetime, or revoked (logout, new password).',
    ),
});

/** What every call that needs a token may answer besides its own answers. */
export const TOKEN_ANSWERS = {
  400: problem('Bad input: the first problem found, in words the client shows.'),
  401: {
    description: "No valid access token ('Access token is invalid'): the client logs out and says why.",
    json: tokenInvalidSchema,
  },
  403: problem('The caller’s role may not make this call, or UserType does not match the token.'),
  500: problem('Some error occurred, please contact the administrator.'),
} as const;

/** What a call with a JSON body may answer besides its own answers: a body sent as something else. */
export const JSON_BODY_ANSWERS = {
  415: problem("Unsupported content type: the body must be sent as JSON ('Unsupported content type.')"),
} as const;

/** What a public call may answer besides its own answers. */
export const PUBLIC_ANSWERS = { 500: TOKEN_ANSWERS[500] } as const;

/**
 * The 422 of an idempotent call whose key comes again with another request: answering the first would drop the
 * change the second one carries, so it is refused and nothing is changed.
 */
export const KEY_REUSED_WITH_ANOTHER_REQUEST = {
  422: problem('This Idempotency-Key was already used with a different request.'),
} as const;

/** The success answer of an idempotent call: a replayed key gets the stored answer, marked as such. */
export const changed = <J extends z.ZodType>(description: string, json: J) => ({
  description,
  json,
  headers: { 'Idempotent-Replayed': replayedHeader },
});

/** Declares a call (an identity that checks the definition and keeps its literal types for the client and server). */
export const defineCall = <const D extends CallDefinition>(definition: D): D => definition;
