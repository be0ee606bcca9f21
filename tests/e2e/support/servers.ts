// E2E_PORT moves both servers (e.g. E2E_PORT=8281 for a second run beside another on the same machine).
const basePort = Number(process.env.E2E_PORT ?? 8181);

/** The two servers playwright.config.ts starts from the built client (dist/). */
export const MAIN_SERVER = `http://localhost:${String(basePort)}`;

/**
 * Same product on a clock the tests move (support/serverClockPreload.ts), for the specs on expiry: a token or report
 * link outlives its lifetime when a test advances the clock past it, without waiting. Its specs run one at a time
 * (the 'server-clock' project), as moving the clock for one would expire the others' tokens.
 */
export const EXPIRY_SERVER = `http://localhost:${String(basePort + 1)}`;
// Long enough that a page still loading on a busy machine never outlives its token: only a moved clock ends one.
export const EXPIRY_IDLE_SECONDS = 15 * 60;

/** Report links on the expiry server last this long (shorter than the idle lifetime: a link outlives no login). */
export const EXPIRY_REPORT_LINK_SECONDS = 5 * 60;

/** The expiry server's clock control, on the loopback interface only (support/serverClock.ts). */
export const SERVER_CLOCK_CONTROL = `http://127.0.0.1:${String(basePort + 3)}`;

/** The same product on a clinic at scale (tests/scale: 20,000 patients, 100,000 sessions), for the scale spec. */
export const SCALE_SERVER = `http://localhost:${String(basePort + 2)}`;

/**
 * The same product with one blurring worker (every other server runs none, so no job changes the rows their specs
 * check), for the review of a blurred video (blurReview.spec.ts).
 */
export const BLUR_SERVER = `http://localhost:${String(basePort + 4)}`;
