import { expect, test } from '@playwright/test';
import { AppChrome } from './pages/AppChrome.ts';
import { DEMO_ACCOUNTS } from './support/demoAccounts.ts';
import { logInAs } from './support/logIn.ts';

test("a patient's token cannot list clinicians", async ({ page, request }) => {
  await logInAs(page, DEMO_ACCOUNTS.patient);
  const token = await new AppChrome(page).storedAccessToken();
  expect(token).toBeTruthy();
  const response = await request.get('/api/clinicians', {
    params: { UserType: 'patient' },
    headers: { Authorization: `Bearer ${token ?? ''}` },
  });
  expect([403, 404]).toContain(response.status());
});
