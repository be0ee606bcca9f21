import { SERVER_CLOCK_CONTROL } from './servers.ts';

/**
 * Moves the expiry server's clock on by `seconds` (support/serverClockPreload.ts): what would take that long on a
 * ward takes no time in the test. Only specs tagged SERVER_CLOCK_TAG may call it: they run one at a time.
 */
export async function advanceServerClock(seconds: number): Promise<void> {
  const answer = await fetch(`${SERVER_CLOCK_CONTROL}/advance?seconds=${String(seconds)}`, { method: 'POST' });
  if (!answer.ok) throw new Error(`the server clock did not move: ${String(answer.status)} ${await answer.text()}`);
}

/** The tag of the tests that move the expiry server's clock (playwright.config.ts runs them in their own project). */
export const SERVER_CLOCK_TAG = '@server-clock';
