import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses what the API answers (JSON, text, the report page) with brotli or gzip as the client accepts: a page of
 * 1,000 sessions is about 650 KB of JSON and a tenth of that compressed, which is what a ward's network notices.
 * Brotli at quality 4 costs about as much CPU as gzip's default and packs smaller (the plugin's default; 11 would be
 * far slower). Answers under 1 KiB are sent as they are. Stored session files are never compressed on the fly (see
 * serveCall), and the built client comes precompressed from the build (staticClient.ts).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024 });
}
