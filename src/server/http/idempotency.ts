import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import type { AppDeps } from '#server/deps';
import { currentUser } from './authenticate.ts';
import { HttpError, badRequest } from './errors.ts';

export type WriteResult = { status: number; body: Record<string, unknown> };
export type Trx = Kysely<Database>;

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

const replayed = new WeakMap<FastifyRequest, Record<string, unknown>>();

/** The stored answer a request was given instead of running its write again, if it was a replay. */
export function replayedAnswer(request: FastifyRequest): Record<string, unknown> | undefined {
  return replayed.get(request);
}

type Outcome = { ran: WriteResult } | { replay: IdempotencyRow };
type IdempotencyRow = { user_id: string; role: string; route: string; status: number; body: string };

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
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  const { db, kind } = deps.database;
  const route = request.routeOptions.url ?? request.url;
  if (key === undefined) {
    const result = await db.transaction().execute(work);
    return reply.code(result.status).send(result.body);
  }
  if (!KEY_PATTERN.test(key)) throw badRequest('Idempotency-Key must be 8 to 100 letters, digits, - or _');

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
        route,
        status: ran.status,
        body: JSON.stringify(ran.body),
        created_at: deps.clock().toISOString(),
      })
      .execute();
    return { ran };
  });
  if ('ran' in outcome) return reply.code(outcome.ran.status).send(outcome.ran.body);
  const seen = outcome.replay;
  if (seen.user_id !== user.id || seen.role !== user.role || seen.route !== route) {
    throw new HttpError(409, 'This Idempotency-Key was already used for another request.');
  }
  const body = JSON.parse(seen.body) as Record<string, unknown>;
  replayed.set(request, body);
  return reply.code(seen.status).header('Idempotent-Replayed', 'true').send(body);
}
