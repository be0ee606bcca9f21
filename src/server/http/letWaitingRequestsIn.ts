/**
 * Resolves after the event loop has polled for I/O once: the requests and other events that arrived while the
 * caller held the thread are handled before it goes on. better-sqlite3 reads synchronously, so without this a SQLite
 * list page (its rows statement, then building and writing the answer) is one block of the event loop, and a small
 * request that arrives meanwhile waits for all of it. One `setImmediate` is not enough: called from an I/O callback
 * it runs in the same turn's check phase, before the loop polls again. The second runs after that poll.
 */
export function letWaitingRequestsIn(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}
