// E2E_PORT moves both servers (e.g. E2E_PORT=8281 for a second run beside another on the same machine).
const basePort = Number(process.env.E2E_PORT ?? 8181);

/** The two servers playwright.config.ts starts from the built client (dist/). */
export const MAIN_SERVER = `http://localhost:${String(basePort)}`;

/** Same product with a very short idle token lifetime, for the expiry spec. */
export const EXPIRY_SERVER = `http://localhost:${String(basePort + 1)}`;
// Short, but long enough that a page still loading on a busy machine does not outlive its token.
export const EXPIRY_IDLE_SECONDS = 8;

/** Report links on the expiry server last this long, for the expired-link page. */
export const EXPIRY_REPORT_LINK_SECONDS = 4;

/** The same product on a clinic at scale (tests/scale: 20,000 patients, 100,000 sessions), for the scale spec. */
export const SCALE_SERVER = `http://localhost:${String(basePort + 2)}`;
