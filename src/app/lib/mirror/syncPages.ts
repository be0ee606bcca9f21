import type { PageHead } from './syncPage.ts';
import type { PageInWorker } from './syncWorkerClient.ts';

/** A page's answer as soon as its headers are in: the next page's cursor if the server sent it there, and the body. */
export type PageAnswer = { nextCursor: string | null; body: () => Promise<ArrayBuffer> };

export type PagePipeline = {
  /** Asks for a page (the first without a cursor); the signal ends a page asked ahead once the sync has failed. */
  fetch: (cursor: string | undefined, signal: AbortSignal) => Promise<PageAnswer>;
  /** Hands a page's body over to be read and stored (the first page of a full answer resets the list). */
  store: (body: ArrayBuffer, first: boolean) => PageInWorker;
  /** Every step of a page is committed. */
  stored: (head: PageHead) => void;
};

type Asked = { cursor: string | undefined; answer: Promise<PageAnswer>; controller: AbortController };

/**
 * Fetches the pages of a listing and stores them strictly in order, one page asked ahead: the next page is asked for
 * as soon as this one's headers name its cursor, so the server reads it while this page downloads, is parsed and is
 * stored. Without that header the next page waits until the body has been read, as before. The body's cursor is the
 * one to follow: a page asked ahead under a header that disagrees with it is abandoned and the body's asked for.
 * A page is handed over only after the one before it is stored, so a failed commit stores and shows nothing after it;
 * the page asked ahead is then abandoned too.
 */
export async function fetchPagesInOrder(pipeline: PagePipeline): Promise<void> {
  const ask = (cursor: string | undefined): Asked => {
    const controller = new AbortController();
    const answer = pipeline.fetch(cursor, controller.signal);
    // Awaited on a later turn; until then a failure of the page asked ahead must not count as unhandled.
    answer.catch(() => undefined);
    return { cursor, answer, controller };
  };
  let asked: Asked | undefined = ask(undefined);
  let first = true;
  try {
    while (asked) {
      const answer: PageAnswer = await asked.answer;
      asked = answer.nextCursor === null ? undefined : ask(answer.nextCursor);
      const page = pipeline.store(await answer.body(), first);
      const head = await page.head;
      if ((asked?.cursor ?? null) !== head.nextCursor) {
        asked?.controller.abort();
        asked = head.nextCursor === null ? undefined : ask(head.nextCursor);
      }
      await page.stored;
      pipeline.stored(head);
      first = false;
    }
  } catch (error) {
    asked?.controller.abort();
    throw error;
  }
}
