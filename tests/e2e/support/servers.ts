/** The two servers playwright.config.ts starts from the built client (dist/). */
export const MAIN_SERVER = 'http://localhost:8181';

/** Same product with a very short idle token lifetime, for the expiry spec. */
export const EXPIRY_SERVER = 'http://localhost:8182';
export const EXPIRY_IDLE_SECONDS = 3;
