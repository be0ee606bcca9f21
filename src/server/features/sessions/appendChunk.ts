import fs from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { audited } from '#server/audit/requestAudit';
import { currentUser } from '#server/http/authenticate';
import type { CallHandler } from '#server/http/serveCall';
import { badRequest, HttpError } from '#server/http/errors';
import { finishUpload } from './finishUpload.ts';
import type { SessionDeps } from '#server/deps';
import { sizeText } from './uploadBody.ts';
import {
  findUpload,
  MAX_CHUNK_BYTES,
  partPath,
  progressOf,
  withOffset,
  wrongOffset,
  type UploadPart,
} from './uploadParts.ts';

const chunkTooLarge = () => new HttpError(413, `A chunk may be at most ${sizeText(MAX_CHUNK_BYTES)}.`);

/** Writes the chunk at `offset` of the part file and makes it durable; returns how many bytes it held. */
async function writeChunk(deps: SessionDeps, row: UploadPart, offset: number, body: Readable): Promise<number> {
  const room = Math.min(MAX_CHUNK_BYTES, Number(row.size) - offset);
  let length = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      length += chunk.length;
      if (length > room)
        done(
          length > MAX_CHUNK_BYTES
            ? chunkTooLarge()
            : badRequest('The chunk runs past the size the upload was started with.'),
        );
      else done(null, chunk);
    },
  });
  const file = partPath(deps, row.id);
  // r+ at the offset: bytes of an earlier chunk cut off midway are simply overwritten.
  await pipeline(body, meter, fs.createWriteStream(file, { flags: 'r+', start: offset }));
  const handle = await fs.promises.open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  return length;
}

/**
 * PATCH /api/uploads/:uploadId: appends one chunk at Upload-Offset, which must be where the upload stands (409 with
 * the current offset otherwise). The database moves the offset only once the bytes are fsynced, so a chunk cut off
 * midway is sent again from the last durable offset. The last chunk finishes the upload like sendFile.
 */
export function appendChunk(deps: SessionDeps): CallHandler<'appendChunk'> {
  return async (request, reply) => {
    const user = currentUser(request);
    const { uploadId } = request.params;
    return audited(deps, request, reply, 'session.uploadChunk', `upload-part:${uploadId}`, async () => {
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > MAX_CHUNK_BYTES) throw chunkTooLarge();
      const offset = Number(request.headers['upload-offset']);
      const { db } = deps.database;
      let row = await findUpload(db, user.id, uploadId);
      if (row.answer !== null) {
        if (offset !== Number(row.size)) throw wrongOffset(withOffset(reply, row), row);
        return withOffset(reply, row).send(progressOf(row));
      }
      if (offset !== Number(row.received)) throw wrongOffset(withOffset(reply, row), row);
      // An empty PATCH (no body at all) at the end only asks to finish an upload whose last chunk is already stored.
      const body: unknown = request.body;
      const length = body instanceof Readable ? await writeChunk(deps, row, offset, body) : 0;
      if (length > 0) {
        const moved = await db
          .updateTable('upload_parts')
          .set({ received: offset + length })
          .where('id', '=', uploadId)
          .where('received', '=', offset)
          .executeTakeFirst();
        row = await findUpload(db, user.id, uploadId);
        if (Number(moved.numUpdatedRows) !== 1) throw wrongOffset(withOffset(reply, row), row);
      }
      if (Number(row.received) === Number(row.size)) {
        const answer = await finishUpload(deps, user, row);
        return withOffset(reply, row).send({ uploadId, ...answer });
      }
      return withOffset(reply, row).send(progressOf(row));
    });
  };
}
