import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import type { AppDeps } from '#server/deps';
import { currentUser } from './authenticate.ts';
import { HttpError, badRequest } from './errors.ts';

export type WriteResult = { status: number; body: Record<string, unknown> };
export type Trx = Kysely<Database>;

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/**
 * Runs a write in one transaction together with the record of its Idempotency-Key, so that the change and the key
 * commit or roll back together. A replayed key returns the first answer and changes nothing; a failed write stores
 * nothing, since it changed nothing and may simply be sent again.
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
  const { db } = deps.database;
  const route = request.routeOptions.url ?? request.url;
  if (key === undefined) {
    const result = await db.transaction().execute(work);
    return reply.code(result.status).send(result.body);
  }
  if (!KEY_PATTERN.test(key)) throw badRequest('Idempotency-Key must be 8 to 100 letters, digits, - or _');

  const replay = async (): Promise<FastifyReply | undefined> => {
    const seen = await db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirst();
    if (seen === undefined) return undefined;
    if (seen.user_id !== user.id || seen.role !== user.role || seen.route !== route) {
      throw new HttpError(409, 'This Idempotency-Key was already used for another request.');
    }
    return reply
      .code(seen.status)
      .header('Idempotent-Replayed', 'true')
      .send(JSON.parse(seen.body) as unknown);
  };

  const earlier = await replay();
  if (earlier !== undefined) return earlier;
  try {
    const result = await db.transaction().execute(async (trx) => {
      const outcome = await work(trx);
      await trx
        .insertInto('idempotency_keys')
        .values({
          key,
          user_id: user.id,
          role: user.role,
          route,
          status: outcome.status,
          body: JSON.stringify(outcome.body),
          created_at: deps.clock().toISOString(),
        })
        .execute();
      return outcome;
    });
    return reply.code(result.status).send(result.body);
  } catch (error) {
    // The same key sent twice at once: the other request committed first, so answer as it did.
    const concurrent = error instanceof HttpError ? undefined : await replay();
    if (concurrent !== undefined) return concurrent;
    throw error;
  }
}
