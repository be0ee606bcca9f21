import type { IncomingMessage } from 'node:http';
import { finished } from 'node:stream';

/** What the web stream holds before the socket is paused. */
const QUEUE_BYTES = 2 ** 20;

/**
 * A request body as a web stream, for @tus/server, which reads a PATCH body as one and turns it back into a node
 * stream. Node's own `Readable.toWeb` copies every chunk into a new Uint8Array (to detach it from Node's buffer pool):
 * a second copy of the whole upload, and a GiB of short-lived garbage. Here the socket's chunks are passed on as
 * they are (a Buffer is a Uint8Array; nothing here transfers or reuses them). The socket is paused while 1 MiB waits
 * unread; a cut request errors the stream, as `Readable.toWeb` does.
 */
export function requestBody(req: IncomingMessage): ReadableStream<Uint8Array> {
  let settled = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.on('data', (chunk: Buffer) => {
          if (settled) return;
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.once('end', () => {
          if (settled) return;
          settled = true;
          controller.close();
        });
        finished(req, (error) => {
          if (settled || error === undefined || error === null) return;
          settled = true;
          controller.error(error);
        });
      },
      pull() {
        req.resume();
      },
      cancel(reason) {
        settled = true;
        req.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: QUEUE_BYTES }),
  );
}
