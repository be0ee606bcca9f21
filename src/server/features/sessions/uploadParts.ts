import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import type { Selectable } from 'kysely';
import type { UploadPartTable } from '#server/db/schema';
import { conflict, notFound } from '#server/http/errors';
import type { Trx } from '#server/http/idempotency';
import type { StorageDeps } from '#server/deps';

export type UploadPart = Selectable<UploadPartTable>;

/** One PATCH may carry at most this much: small enough that a lost chunk costs little on ward Wi-Fi. */
export const MAX_CHUNK_BYTES = 8 * 2 ** 20;

/** An upload never finished is given up after a day, like a staged file addSession never committed. */
const PART_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Where the bytes received so far live: beside the file store, never in memory, so a restart loses nothing. */
export function partPath(deps: StorageDeps, id: string): string {
  return path.join(deps.config.storage.dir, 'uploads', `${id}.part`);
}

/** The caller's own upload; someone else's answers 404 like an unknown one (existence is not leaked). */
export async function findUpload(db: Trx, userId: string, id: string): Promise<UploadPart> {
  const row = await db
    .selectFrom('upload_parts')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (row === undefined) throw notFound('Upload not found');
  return row;
}

/** What the client needs to go on: how much arrived, and once staged the completion answer. */
export function progressOf(row: UploadPart): Record<string, unknown> {
  const offset = Number(row.received);
  const done = row.answer === null ? {} : (JSON.parse(row.answer) as Record<string, unknown>);
  return { uploadId: row.id, offset, size: Number(row.size), complete: row.answer !== null, ...done };
}

export function withOffset(reply: FastifyReply, row: UploadPart): FastifyReply {
  return reply
    .header('Upload-Offset', String(Number(row.received)))
    .header('Upload-Length', String(Number(row.size)))
    .header('Cache-Control', 'no-store');
}

/** A chunk sent for the wrong position: the answer carries the current offset, so the client resumes from there. */
export const wrongOffset = (_reply: FastifyReply, row: UploadPart) =>
  conflict(`The upload is at byte ${String(Number(row.received))}; send the chunk for that offset.`, {
    offset: Number(row.received),
  });

/** Drops an upload and its bytes (refused content, or given up). */
export async function dropUpload(deps: StorageDeps, id: string): Promise<void> {
  await deps.database.db.deleteFrom('upload_parts').where('id', '=', id).execute();
  await fs.promises.rm(partPath(deps, id), { force: true });
}

export async function purgeAbandonedUploads(deps: StorageDeps, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - PART_LIFETIME_MS).toISOString();
  const old = await deps.database.db
    .selectFrom('upload_parts')
    .select('id')
    .where('created_at', '<', cutoff)
    .limit(100)
    .execute();
  for (const row of old) await dropUpload(deps, row.id);
}
