import http from 'node:http';
import zlib from 'node:zlib';

export type WireAnswer = { encoding: string; wire: Buffer; body: Buffer };

/**
 * GETs a URL as a browser would ask for it and keeps the bytes as they crossed the wire: Node's fetch decodes a
 * compressed answer and hides its size, so the compression budget is read through node:http instead.
 */
export function getAsSent(url: string, headers: Record<string, string>): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const wire = Buffer.concat(chunks);
          const encoding = String(res.headers['content-encoding'] ?? 'identity');
          const body =
            encoding === 'br' ? zlib.brotliDecompressSync(wire) : encoding === 'gzip' ? zlib.gunzipSync(wire) : wire;
          if (res.statusCode !== 200) reject(new Error(`${url} answered ${String(res.statusCode)}`));
          else resolve({ encoding, wire, body });
        });
      })
      .on('error', reject);
  });
}

export const COMPRESSION_MEASURE = 'Static assets and API JSON compressed';
