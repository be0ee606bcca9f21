import { describe, expect, it } from 'vitest';
import type { PageHead } from './syncPage.ts';
import { fetchPagesInOrder, type PageAnswer, type PagePipeline } from './syncPages.ts';

/** A page as the fake server answers it: the cursor its header names, and the cursor its body names. */
type FakePage = { header: string | null; body: string | null; failStore?: boolean };

const bodyOf = (cursor: string | undefined) => new TextEncoder().encode(cursor ?? 'first').buffer;
const cursorOf = (body: ArrayBuffer) => new TextDecoder().decode(body);

/**
 * A server and a worker that log what happens, in order: `ask c` when a page is asked for, `body c` when its body
 * has arrived, `store c` when it is handed over, `stored c` once committed, `abort c` when a page asked is abandoned.
 * Each body arrives a few turns after its headers, as a large body does.
 */
function fakePipeline(pages: Record<string, FakePage>) {
  const events: string[] = [];
  const firsts: boolean[] = [];
  const pipeline: PagePipeline = {
    fetch: async (cursor, signal) => {
      const name = cursor ?? 'first';
      events.push(`ask ${name}`);
      signal.addEventListener('abort', () => events.push(`abort ${name}`));
      const page = pages[name];
      if (!page) throw new Error(`no page ${name}`);
      await Promise.resolve();
      const answer: PageAnswer = {
        nextCursor: page.header,
        body: async () => {
          for (let turn = 0; turn < 5; turn++) await Promise.resolve();
          events.push(`body ${name}`);
          return bodyOf(cursor);
        },
      };
      return answer;
    },
    store: (body, first) => {
      const name = cursorOf(body);
      const page = pages[name];
      if (!page) throw new Error(`no page ${name}`);
      events.push(`store ${name}`);
      firsts.push(first);
      const head: PageHead = { serverTime: 't', nextCursor: page.body, written: 1, deleted: 0 };
      const stored = (async () => {
        for (let turn = 0; turn < 3; turn++) await Promise.resolve();
        if (page.failStore === true) throw new Error('QuotaExceededError');
        events.push(`stored ${name}`);
      })();
      stored.catch(() => undefined);
      return { head: Promise.resolve(head), stored };
    },
    stored: () => undefined,
  };
  return { pipeline, events, firsts };
}

describe('fetchPagesInOrder', () => {
  it("asks for the next page as soon as the headers name it, before this page's body is read", async () => {
    const fake = fakePipeline({
      first: { header: 'c2', body: 'c2' },
      c2: { header: 'c3', body: 'c3' },
      c3: { header: null, body: null },
    });
    await fetchPagesInOrder(fake.pipeline);
    expect(fake.events).toEqual([
      'ask first',
      'ask c2',
      'body first',
      'store first',
      'stored first',
      'ask c3',
      'body c2',
      'store c2',
      'stored c2',
      'body c3',
      'store c3',
      'stored c3',
    ]);
    expect(fake.firsts).toEqual([true, false, false]);
  });

  it("asks once the body is read when the server sends no cursor header (the body's cursor)", async () => {
    const fake = fakePipeline({ first: { header: null, body: 'c2' }, c2: { header: null, body: null } });
    await fetchPagesInOrder(fake.pipeline);
    expect(fake.events).toEqual([
      'ask first',
      'body first',
      'store first',
      'ask c2',
      'stored first',
      'body c2',
      'store c2',
      'stored c2',
    ]);
  });

  it('follows the body when the header names another page: the page asked ahead is abandoned', async () => {
    const fake = fakePipeline({
      first: { header: 'wrong', body: 'c2' },
      wrong: { header: null, body: null },
      c2: { header: null, body: null },
    });
    await fetchPagesInOrder(fake.pipeline);
    expect(fake.events).toEqual([
      'ask first',
      'ask wrong',
      'body first',
      'store first',
      'abort wrong',
      'ask c2',
      'stored first',
      'body c2',
      'store c2',
      'stored c2',
    ]);
  });

  it('hands nothing over after a failed commit, and abandons the page asked ahead', async () => {
    const fake = fakePipeline({
      first: { header: 'c2', body: 'c2' },
      c2: { header: 'c3', body: 'c3', failStore: true },
      c3: { header: null, body: null },
    });
    await expect(fetchPagesInOrder(fake.pipeline)).rejects.toThrow('QuotaExceededError');
    expect(fake.events.filter((event) => event.startsWith('store') || event.startsWith('abort'))).toEqual([
      'store first',
      'stored first',
      'store c2',
      'abort c3',
    ]);
  });
});
