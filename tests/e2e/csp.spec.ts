import { expect, test, type Page } from '@playwright/test';
import { SessionsPage } from './pages/SessionsPage.ts';
import { DEMO_ACCOUNTS } from './support/demoAccounts.ts';
import { logInAs } from './support/logIn.ts';

type Violation = { directive: string; blockedURI: string; sample: string; source: string };

/**
 * Every `securitypolicyviolation` the page raises, from before its first script. A violation is reported even when the
 * code catches the refusal (zod's `new Function` probe does): the policy works, but the report means code relies on
 * something the policy forbids, and a report endpoint would fill with noise.
 */
async function recordViolations(page: Page): Promise<() => Promise<Violation[]>> {
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { cspViolations: Violation[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push({
        directive: event.effectiveDirective,
        blockedURI: event.blockedURI,
        sample: event.sample,
        source: `${event.sourceFile}:${String(event.lineNumber)}`,
      });
    });
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: Violation[] }).cspViolations);
}

test('the login page and logging in raise no Content-Security-Policy violation', async ({ page }) => {
  const violations = await recordViolations(page);
  const response = await page.goto('/login');
  // The check means something only while the app is served under a policy that forbids eval (WebAssembly, for the
  // pose model, is allowed: 'wasm-unsafe-eval' compiles WebAssembly and nothing else).
  expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
  await expect(page.getByRole('button', { name: 'Go To Login' })).toBeVisible();
  expect(await violations()).toEqual([]);

  await logInAs(page, DEMO_ACCOUNTS.clinician);
  // The session browser loads the shared schemas (zod) to read the synced records.
  const sessions = new SessionsPage(page, 'clinician');
  await sessions.goto();
  await expect(sessions.rows().first()).toBeVisible();
  expect(await violations()).toEqual([]);
});
