import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { KEY_REUSED_WITH_ANOTHER_REQUEST, idempotencyKeySchema } from '#shared/api/call';
import type { Database } from '#server/db/schema';
import type { AppDeps } from '#server/deps';
import { currentUser } from './authenticate.ts';
import { HttpError, badRequest } from './errors.ts';

export type WriteResult = { status: number; body: Record<string, unknown> };
export type Trx = Kysely<Database>;

type IdempotencyRow = {
  user_id: string;
  role: string;
  route: string;
  status: number;
  body: string;
  request_hash: string | null;
};
type Outcome = { ran: WriteResult } | { replay: IdempotencyRow };

const replayed = new WeakMap<FastifyRequest, Record<string, unknown>>();

/** The stored answer a request was given instead of running its write again, if it was a replay. */
export function replayedAnswer(request: FastifyRequest): Record<string, unknown> | undefined {
  return replayed.get(request);
}

/**
 * The request's Idempotency-Key, by the rule the call map gives (src/shared/api/call.ts). The route's header schema
 * has checked it already; a write reached some other way gets the same check here.
 */
function idempotencyKey(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined) return undefined;
  const checked = idempotencyKeySchema.safeParse(key);
  if (!checked.success) throw badRequest(checked.error.issues[0]?.message ?? 'Idempotency-Key is not valid');
  return checked.data;
}

/**
 * What a request asks for: its path parameters, query and JSON body. A streamed file is not part of it (it is read
 * only if the key is new); its FileUploadID and name, in the query, are.
 */
function requestHash(request: FastifyRequest): string {
  const body: unknown = request.body instanceof Readable ? null : request.body;
  const asked = JSON.stringify({ params: request.params, query: request.query, body: body ?? null });
  return createHash('sha256').update(asked).digest('hex');
}

/**
 * Answers as the key's first request was answered; another user, role or call may not reuse a key (409), nor the
 * same call with another request (422): answering the first would silently drop the edit the second one carries.
 */
function answerReplay(request: FastifyRequest, reply: FastifyReply, seen: IdempotencyRow): FastifyReply {
  const user = currentUser(request);
  if (seen.user_id !== user.id || seen.role !== user.role || seen.route !== routeOf(request)) {
    throw new HttpError(409, 'This Idempotency-Key was already used for another request.');
  }
  if (seen.request_hash !== null && seen.request_hash !== requestHash(request)) {
    throw new HttpError(422, KEY_REUSED_WITH_ANOTHER_REQUEST[422].description);
  }
  const body = JSON.parse(seen.body) as Record<string, unknown>;
  replayed.set(request, body);
  return reply.code(seen.status).header('Idempotent-Replayed', 'true').send(body);
}

const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? request.url;

/**
 * Answers a request whose Idempotency-Key was already processed, before anything is read or written, and says
 * whether it did: a write that first streams a file must not store the file again to learn that it is a replay.
 * idempotentWrite checks again under the key's lock, so a copy arriving while the first still runs is safe too.
 * (A boolean, not the reply: a Fastify reply is a thenable, which an await would wait on until it is sent.)
 */
export async function replayIfProcessed(deps: AppDeps, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const key = idempotencyKey(request);
  if (key === undefined) return false;
  const seen = await deps.database.db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('key', '=', key)
    .executeTakeFirst();
  if (seen === undefined) return false;
  answerReplay(request, reply, seen);
  return true;
}

/**
 * Runs a write in one transaction together with the record of its Idempotency-Key, so that the change and the key
 * commit or roll back together. The key is looked up inside that transaction, after taking a lock on it (PostgreSQL:
 * an advisory lock on the key; SQLite: transactions already run one at a time), so a copy sent while the first is
 * still running waits for it and then answers as it did: the write runs once, never again to fail on the stored key.
 * A failed write stores nothing, since it changed nothing and may simply be sent again.
 */
export async function idempotentWrite(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  work: (trx: Trx) => Promise<WriteResult>,
): Promise<FastifyReply> {
  const user = currentUser(request);
  const key = idempotencyKey(request);
  const { db, kind } = deps.database;
  if (key === undefined) {
    const result = await db.transaction().execute(work);
    return reply.code(result.status).send(result.body);
  }
  const outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
    if (kind === 'postgres') await sql`SELECT pg_advisory_xact_lock(hashtext(${`idempotency:${key}`}))`.execute(trx);
    const seen = await trx.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirst();
    if (seen !== undefined) return { replay: seen };
    const ran = await work(trx);
    await trx
      .insertInto('idempotency_keys')
      .values({
        key,
        user_id: user.id,
        role: user.role,
        route: routeOf(request),
        status: ran.status,
        body: JSON.stringify(ran.body),
        created_at: deps.clock().toISOString(),
        request_hash: requestHash(request),
      })
      .execute();
    return { ran };
  });
  if ('ran' in outcome) return reply.code(outcome.ran.status).send(outcome.ran.body);
  return answerReplay(request, reply, outcome.replay);
}
