import { badRequest } from '#server/http/errors';

/**
 * Where a paged listing stands. `serverTime` is fixed when the first page is read, so a client stores one time for
 * the whole listing and its next delta covers anything changed while it paged. A listing walks its rows in key order
 * (`phase` 'rows'), then its tombstones ('deleted'); `after` is the last key sent.
 */
export type PageCursor = { serverTime: string; phase: 'rows' | 'deleted'; after: string };

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify([cursor.serverTime, cursor.phase, cursor.after])).toString('base64url');
}

/** A cursor the server did not make (or from another listing) is bad input, never a wrong page. */
export function decodeCursor(text: string): PageCursor {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('cursor is not valid');
  }
  if (!Array.isArray(parts) || parts.length !== 3) throw badRequest('cursor is not valid');
  const fields: unknown[] = parts;
  const [serverTime, phase, after] = fields;
  if (typeof serverTime !== 'string' || !ISO_TIME.test(serverTime)) throw badRequest('cursor is not valid');
  if (phase !== 'rows' && phase !== 'deleted') throw badRequest('cursor is not valid');
  if (typeof after !== 'string' || after.length > 400) throw badRequest('cursor is not valid');
  return { serverTime, phase, after };
}
