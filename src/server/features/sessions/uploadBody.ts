import fs from 'node:fs';
import { Readable, Transform, pipeline } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { hasMp4Signature } from '#shared/sessions/mp4Structure';
import type { UploadLimits } from '#server/config';
import { HttpError, badRequest } from '#server/http/errors';
import type { StoredFile } from '#server/storage/fileStorage';
import type { SessionDeps } from '#server/deps';

export type ReceivedFile = StoredFile & { head: Buffer };

const HEAD_BYTES = 16;
const TEXT_TYPES = new Set(['text/plain', 'application/json']);
const UNITS = [
  ['GiB', 2 ** 30],
  ['MiB', 2 ** 20],
  ['KiB', 2 ** 10],
] as const;
export const sizeText = (bytes: number) => {
  const [unit, size] = UNITS.find(([, s]) => bytes >= s) ?? ['bytes', 1];
  return `${String(Math.floor((bytes / size) * 10) / 10)} ${unit}`;
};

const tooLarge = (limit: number, what: string) =>
  new HttpError(413, `The file is too large: ${what} may be at most ${sizeText(limit)}.`);

/** The upload's declared length and type may refuse it before a byte is stored. */
function checkDeclared(request: FastifyRequest, limits: UploadLimits): void {
  const length = Number(request.headers['content-length']);
  if (!Number.isFinite(length)) return;
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (TEXT_TYPES.has(type) && length > limits.textBytes) throw tooLarge(limits.textBytes, 'a text file');
  if (length > Math.max(limits.videoBytes, limits.textBytes))
    throw tooLarge(Math.max(limits.videoBytes, limits.textBytes), 'a file');
}

/** An MP4 may be as large as a video, anything else only as large as a text file. */
const limitFor = (limits: UploadLimits, head: Buffer) => (hasMp4Signature(head) ? limits.videoBytes : limits.textBytes);

/**
 * Counts the bytes as they pass and stops the upload at the limit for its kind, decided by its first bytes: an MP4
 * may be as large as a video, anything else only as large as a text file. Keeps the first bytes for the sniffing.
 */
function limiter(limits: UploadLimits, head: Buffer[]): Transform {
  let seen = 0;
  let limit: number | undefined;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (seen < HEAD_BYTES) head.push(chunk.subarray(0, HEAD_BYTES - seen));
      seen += chunk.length;
      if (limit === undefined && seen >= HEAD_BYTES) limit = limitFor(limits, Buffer.concat(head));
      const max = limit ?? Math.max(limits.videoBytes, limits.textBytes);
      if (seen > max) {
        done(limit === limits.videoBytes ? tooLarge(max, 'a video') : tooLarge(max, 'a text file'));
        return;
      }
      done(null, chunk);
    },
    flush(done) {
      if (limit === undefined && seen > limits.textBytes) {
        done(tooLarge(limits.textBytes, 'a text file'));
        return;
      }
      done();
    },
  });
}

/** Streams a file into storage (never whole into memory) within the upload limits; returns it with its first bytes. */
export async function storeUpload(deps: SessionDeps, source: Readable): Promise<ReceivedFile> {
  const head: Buffer[] = [];
  const metered = limiter(deps.config.uploadLimits, head);
  pipeline(source, metered, () => undefined);
  const stored = await deps.storage.write(metered);
  if (stored.size === 0) {
    await deps.storage.delete(stored.key);
    throw badRequest('The file is empty.');
  }
  return { ...stored, head: Buffer.concat(head) };
}

/**
 * Takes a finished upload that already lies on the server's disk into storage without copying it (FileStorage.adopt),
 * with the same rules as storeUpload: not empty, and within the limit for its kind by its first bytes. Where the
 * storage cannot adopt the file, it is streamed in with storeUpload.
 */
export async function adoptUpload(
  deps: SessionDeps,
  file: { path: string; sha256: string | undefined },
): Promise<ReceivedFile> {
  const { storage } = deps;
  if (storage.adopt === undefined) return storeUpload(deps, fs.createReadStream(file.path));
  const stored = await storage.adopt(file.path, file.sha256);
  const limits = deps.config.uploadLimits;
  try {
    if (stored.size === 0) throw badRequest('The file is empty.');
    const head = await storage.readBytes(stored.key, 0, HEAD_BYTES);
    const limit = limitFor(limits, head);
    if (stored.size > limit)
      throw limit === limits.videoBytes ? tooLarge(limit, 'a video') : tooLarge(limit, 'a text file');
    return { ...stored, head };
  } catch (error) {
    await storage.delete(stored.key);
    throw error;
  }
}

/** Streams the request body into storage and returns the stored file with its first bytes. */
export async function receiveUpload(deps: SessionDeps, request: FastifyRequest): Promise<ReceivedFile> {
  checkDeclared(request, deps.config.uploadLimits);
  const body: unknown = request.body;
  if (!(body instanceof Readable)) throw badRequest('The file must be sent as the request body.');
  return storeUpload(deps, body);
}
