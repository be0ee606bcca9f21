/**
 * The V8 flags the server runs with: `npm start` passes them (package.json) and the benches start the server with
 * them (tests/bench/benchServer.ts). V8 reads them when the process starts, so they cannot be set from the code.
 *
 * A semi-space (half of V8's young generation) of 32 MB instead of 16: a 1,000-session page allocates several MB of
 * short-lived rows, answer objects and strings, and with the default size most of a page's young objects were
 * scavenged once or twice and some promoted to the old generation before the answer was sent. Same-minute A/B on the
 * 100k data (SQLite, admin walks of 30 pages, 4-5 rounds each, load 23-25): 39.0-48.3 ms of server CPU a page with
 * the default, 35.9-38.6 with this; it costs up to 32 MB more memory. On PostgreSQL no difference showed (Node
 * CPU 30.0 against 30.3 ms a page with 64 MB, load 16-19).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32'];
