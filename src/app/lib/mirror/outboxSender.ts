/** This page's identity as an outbox sender; a reload or a closed tab is a new sender. */
export const SENDER_ID = crypto.randomUUID();

const PREFIX = 'gait-outbox-sender-';
let holding = false;

/**
 * Holds a Web Lock named after this sender for the page's whole life. The browser releases it the moment the page
 * goes (reload, close, crash), so another page can tell at once that a claim of ours will never be settled.
 */
export function holdSenderLock(): void {
  if (holding || typeof navigator === 'undefined' || !('locks' in navigator)) return;
  holding = true;
  void navigator.locks
    .request(`${PREFIX}${SENDER_ID}`, () => new Promise<never>(() => undefined))
    .catch(() => undefined);
}

/** Which senders still have a live page; undefined where the Web Locks API is missing (the lease alone decides). */
export async function liveSenders(): Promise<ReadonlySet<string> | undefined> {
  if (typeof navigator === 'undefined' || !('locks' in navigator)) return undefined;
  holdSenderLock();
  const { held = [] } = await navigator.locks.query();
  // This page is alive by definition, even before the browser has granted its own lock.
  return new Set([
    SENDER_ID,
    ...held.flatMap((lock) => (lock.name?.startsWith(PREFIX) ? [lock.name.slice(PREFIX.length)] : [])),
  ]);
}
