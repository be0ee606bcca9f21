import { expect, test } from '@playwright/test';
import { SessionsPage } from './pages/SessionsPage.ts';
import { DEMO_ACCOUNTS } from './support/demoAccounts.ts';
import { logInAs } from './support/logIn.ts';

const routeChunk = /<link rel="modulepreload" crossorigin href="\/assets\/sessionRoutes\.lazy-[\w-]+\.js">/;

test('a session browser address is sent with its chunks preloaded, under the same policy as the app', async ({
  request,
}) => {
  const shell = await request.get('/clinician/home');
  expect(await shell.text()).not.toMatch(routeChunk);
  for (const type of ['patient', 'clinician', 'clinic', 'admin']) {
    const response = await request.get(`/${type}/sessions?patient=x`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/html/);
    expect(response.headers()['cache-control']).toBe('no-cache');
    expect(response.headers()['content-security-policy']).toBe(shell.headers()['content-security-policy']);
    expect(await response.text()).toMatch(routeChunk);
  }
  // The API's own address keeps its answer.
  const api = await request.get('/api/sessions');
  expect(api.status()).toBe(401);
  expect(api.headers()['content-type']).toMatch(/^application\/json/);
});

test('loaded straight from its address, the session browser lists, filters and opens its dialogs', async ({ page }) => {
  await logInAs(page, DEMO_ACCOUNTS.clinician);
  const sessions = new SessionsPage(page, 'clinician');
  await sessions.goto();
  await page.reload();
  await expect(sessions.rows().first()).toBeVisible();
  // The filter pickers and the dialogs load on first use.
  await sessions.openFilters();
  await expect(page.getByRole('button', { name: /^Patients / })).toBeVisible();
  // Other specs add sessions without report data (their box cannot be ticked) to the same server meanwhile.
  const reportable = sessions
    .rows()
    .filter({ has: page.getByRole('checkbox', { disabled: false }) })
    .first();
  await sessions.select(reportable);
  await sessions.singleReport.click();
  await expect(page.getByRole('dialog', { name: 'Create Single Session Report' })).toBeVisible();
});
