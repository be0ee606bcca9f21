import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Answers smaller than this are sent as they are: the headers would outweigh the saving. */
const THRESHOLD = 1024;
/**
 * Answers up to this size are compressed on the event loop: handing a small page to the thread pool costs the loop
 * more than compressing it there, and a 1,000-row session page (the page a first sync walks) waited on the pool for
 * a free core far longer than its compression takes inline, which made it the slowest step of a slow page
 * (docs/performance.md, "Compression"). Larger answers (up to 5,000 rows) still go to the pool, so that they hold
 * no other request up for long.
 */
const INLINE_MAX = 1024 * 1024;

/** Whether an answer of `size` bytes is compressed on the event loop (true) or on libuv's thread pool. */
export const compressesInline = (size: number): boolean => size <= INLINE_MAX;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|application\/[\w.+-]+\+(json|xml)|image\/svg\+xml)/i;

type Encoding = 'br' | 'gzip';

const brotliOptions = (size: number): zlib.BrotliOptions => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size },
});

/** The encoding the client accepts that packs best: brotli, else gzip (`*` counts as gzip); q=0 refuses one. */
export function acceptedEncoding(header: string | undefined): Encoding | undefined {
  if (header === undefined) return undefined;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (q === undefined || Number(q) > 0) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  return accepted.has('gzip') || accepted.has('*') ? 'gzip' : undefined;
}

/**
 * Compresses what the API answers (JSON, text, the report page) with brotli or gzip as the client accepts: a page of
 * sessions shrinks to about a tenth, which is what a ward's network notices.
 *
 * An answer is compressed in one call, not through a stream pipeline: for answers of tens of KB the streams'
 * bookkeeping on the event loop cost more than the compression (small answers inline, large ones on libuv's thread
 * pool, see INLINE_MAX). Brotli runs at quality 3 with the
 * answer's size as a hint (so the encoder sizes its window and buffers to the answer, not to 4 MiB): on a 100-row
 * session page that is several times cheaper than quality 4 for a page barely larger. Stored session files are never
 * compressed on the fly (serveCall marks their routes `compress: false`; they are streamed, which this leaves alone
 * too), and the built client comes precompressed from the build (staticClient.ts).
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.config.compress === false) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < THRESHOLD) return payload;
    // The same URL may be answered compressed or plain: a shared cache must keep them apart.
    const vary = reply.getHeader('vary');
    if (typeof vary !== 'string' || !/accept-encoding/i.test(vary)) {
      reply.header('vary', typeof vary === 'string' && vary !== '' ? `${vary}, accept-encoding` : 'accept-encoding');
    }
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (encoding === undefined) return payload;
    const inline = compressesInline(body.length);
    const packed =
      encoding === 'br'
        ? await (inline ? zlib.brotliCompressSync : brotli)(body, brotliOptions(body.length))
        : await (inline ? zlib.gzipSync : gzip)(body);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return packed;
  });
}
