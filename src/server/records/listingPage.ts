import { PAGE_LIMIT_DEFAULT } from '#shared/records/paging';
import type { Tombstone } from '#shared/records/sync';
import { decodeCursor, encodeCursor, type PageCursor } from './pageCursor.ts';

/** A page of a list in id order: the records whose id sorts after `afterId`, `limit` of them. */
export type KeyPage = { afterId?: string; limit: number };

/** What a list call was asked: a delta from `modifiedSince` or the whole list, and where the client stands. */
export type ListingQuery = { modifiedSince?: string; limit?: number; cursor?: string };

/** Where a list's rows and tombstones come from: both in key order, `limit` of them after a key. */
export type ListingSource<R> = {
  rows: (afterId: string | undefined, limit: number) => Promise<R[]>;
  keyOf: (row: R) => string;
  tombstones: (modifiedSince: string, afterId: string | undefined, limit: number) => Promise<Tombstone[]>;
};

export type ListingPage<R> = {
  rows: R[];
  deleted: Tombstone[];
  serverTime: string;
  nextCursor: string | null;
  /** True on the first page of a listing (no cursor): what a listing sends once goes there. */
  first: boolean;
};

/**
 * One page of a list, as every list call answers: the rows in key order (a key that never changes, so a row keeps
 * its place between pages and page 80 costs what page 1 costs), then for a delta the tombstones, a page holding up to
 * `limit` of both. The serverTime is fixed by the first page and carried in the cursor: a row changed while the client
 * pages is newer than it, so the next delta has it. A request without `limit` gets the default page.
 */
export async function readListingPage<R>(
  query: ListingQuery,
  now: () => Date,
  source: ListingSource<R>,
): Promise<ListingPage<R>> {
  const { modifiedSince, limit = PAGE_LIMIT_DEFAULT } = query;
  const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const serverTime = cursor?.serverTime ?? now().toISOString();
  let rows: R[] = [];
  let deleted: Tombstone[] = [];
  let next: PageCursor | null = null;
  let tombstonesAfter: string | undefined = cursor?.phase === 'deleted' ? cursor.after : undefined;
  if (cursor === undefined || cursor.phase === 'rows') {
    const found = await source.rows(cursor?.after, limit + 1);
    rows = found.slice(0, limit);
    const last = rows.at(-1);
    if (found.length > limit && last !== undefined) next = { serverTime, phase: 'rows', after: source.keyOf(last) };
    tombstonesAfter = undefined;
  }
  const room = limit - rows.length;
  if (next === null && modifiedSince !== undefined) {
    if (room === 0) next = { serverTime, phase: 'deleted', after: '' };
    else {
      const after = tombstonesAfter === '' ? undefined : tombstonesAfter;
      const found = await source.tombstones(modifiedSince, after, room + 1);
      deleted = found.slice(0, room);
      const last = deleted.at(-1);
      if (found.length > room && last !== undefined) next = { serverTime, phase: 'deleted', after: last.id };
    }
  }
  const nextCursor = next === null ? null : encodeCursor(next);
  return { rows, deleted, serverTime, nextCursor, first: cursor === undefined };
}
