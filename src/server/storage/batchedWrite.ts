import type { FileHandle } from 'node:fs/promises';

/**
 * A socket hands an upload over in chunks of 16–64 KiB. Written one by one, each chunk is its own request to libuv's
 * thread pool: 16,384 round trips (a thread woken, a callback queued back) per GiB, and the disk waits between them
 * whenever the event loop is slow to answer. Gathered into batches of 4 MiB and written with one `writev` each, a
 * GiB is 256 writes, and the next batch fills while the previous one is written.
 */
const BATCH_BYTES = 4 * 2 ** 20;

/** Where the batches go: an open file (only its positional `writev` is used). */
export type BatchTarget = Pick<FileHandle, 'writev'>;

/** Writes every buffer at `position`, going on after a short write (a regular file rarely takes less). */
async function writeAll(handle: BatchTarget, buffers: Buffer[], position: number): Promise<void> {
  let at = position;
  let rest = buffers;
  while (rest.length > 0) {
    const { bytesWritten } = await handle.writev(rest, at);
    at += bytesWritten;
    let skip = bytesWritten;
    while (rest.length > 0 && skip >= (rest[0]?.length ?? 0)) {
      skip -= rest[0]?.length ?? 0;
      rest = rest.slice(1);
    }
    if (skip > 0 && rest[0] !== undefined) rest = [rest[0].subarray(skip), ...rest.slice(1)];
  }
}

/**
 * Writes a stream's chunks into `handle` from `position` in batches of about 4 MiB, at most one batch being written
 * while the next one gathers (so memory stays within two batches; the source waits, and the socket with it, while
 * both are full). `onChunk` sees each chunk, in order, as it arrives (a hash, a count). When the source fails (a cut
 * connection), the bytes that did arrive are still written before the error is thrown: a resumed upload goes on from
 * them. Answers the number of bytes written.
 */
export async function writeBatched(
  source: AsyncIterable<Buffer>,
  handle: BatchTarget,
  position: number,
  onChunk?: (chunk: Buffer) => void,
): Promise<number> {
  let batch: Buffer[] = [];
  let batchBytes = 0;
  let written = 0;
  let writing: Promise<void> = Promise.resolve();

  const flush = async () => {
    await writing;
    const buffers = batch;
    const at = position + written;
    written += batchBytes;
    batch = [];
    batchBytes = 0;
    writing = writeAll(handle, buffers, at);
    // Awaited at the next flush or at the end; until then a failure must not count as unhandled.
    writing.catch(() => undefined);
  };

  try {
    for await (const chunk of source) {
      onChunk?.(chunk);
      batch.push(chunk);
      batchBytes += chunk.length;
      if (batchBytes >= BATCH_BYTES) await flush();
    }
  } catch (error) {
    if (batchBytes > 0) await flush();
    await writing;
    throw error;
  }
  if (batchBytes > 0) await flush();
  await writing;
  return written;
}
