import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from '#shared/http/contentDisposition';

/**
 * The headers of every file the server hands out with patient or audit data in it: its type and name, never kept in
 * a cache (README Security: the browser's disk cache must not hold patient files), and never sniffed as another type.
 */
export function asAttachment(
  reply: FastifyReply,
  contentType: string,
  name: string,
  disposition: 'attachment' | 'inline' = 'attachment',
): FastifyReply {
  return reply
    .header('Content-Type', contentType)
    .header('Content-Disposition', attachmentDisposition(name, disposition))
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff');
}
