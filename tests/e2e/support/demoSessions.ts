import type { APIRequestContext, Browser } from '@playwright/test';
import { SessionApi } from '../pages/SessionApi.ts';
import { DEMO_ACCOUNTS } from './demoAccounts.ts';
import { logInAs } from './logIn.ts';

/**
 * A spec's set-up: the admin adds, through the API in a page of its own, sessions {number}.1 of the demo patient by
 * the demo clinician, each with the joint data file given beside its number (none: a session without files).
 */
export async function addDemoSessions(
  browser: Browser,
  request: APIRequestContext,
  sessions: readonly (readonly [number, string?])[],
): Promise<void> {
  const page = await browser.newPage();
  await logInAs(page, DEMO_ACCOUNTS.admin);
  const api = await SessionApi.of(page, request);
  const { olivia, amelia } = await api.demoPatientAndClinician();
  for (const [number, jointData] of sessions) await api.addSession(number, olivia.id, amelia.id, jointData);
  await page.close();
}
