import type { FastifyReply, FastifyRequest } from 'fastify';
import { idempotentWrite, replayIfProcessed, type Trx, type WriteResult } from '#server/http/idempotency';
import { discardFiles, type Derived } from './derivedFiles.ts';
import { beforeAnswer } from './answerCleanup.ts';
import type { SessionDeps } from '#server/deps';

/** Marks a stored file as no longer used once the write commits (a replaced file, a computed file not needed). */
export type Release = (key: string) => void;

/**
 * A write that stores files: the files are streamed and written first, outside any transaction (a 2 GB upload
 * must not hold the database), then the rows are written by idempotentWrite. A replayed Idempotency-Key answers
 * as the first time before anything is read or written; files of a write that fails or turns out to be a replay
 * are deleted, and files it replaced are deleted only after it committed — in both cases before the answer goes out.
 */
export async function writeWithFiles(
  deps: SessionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  prepare: () => Promise<Derived>,
  work: (trx: Trx, derived: Derived, release: Release) => Promise<WriteResult>,
): Promise<FastifyReply> {
  if (await replayIfProcessed(deps, request, reply)) return reply;
  const derived = await prepare();
  let released: string[] = [];
  beforeAnswer(request, () => {
    const committed = reply.statusCode < 400 && reply.getHeader('Idempotent-Replayed') !== 'true';
    return discardFiles(deps, committed ? released : derived.created);
  });
  await idempotentWrite(deps, request, reply, async (trx) => {
    released = [];
    return work(trx, derived, (key) => released.push(key));
  });
  return reply;
}
