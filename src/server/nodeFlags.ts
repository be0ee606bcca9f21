/**
 * The V8 flags the server runs with: `npm start` passes them (package.json) and the benches start the server with
 * them (tests/bench/benchServer.ts). V8 reads them when the process starts, so they cannot be set from the code.
 *
 * A semi-space (half of V8's young generation) of 32 MB instead of 16: a 1,000-session page allocates several MB of
 * short-lived rows, answer objects and strings, and with the default size most of a page's young objects were
 * scavenged once or twice and some promoted to the old generation before the answer was sent, which cost the admin's
 * SQLite pages server CPU (docs/performance.md, "The request path"). It costs up to 32 MB more memory.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32'];
