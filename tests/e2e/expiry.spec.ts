import { expect, test } from '@playwright/test';
import { AppChrome } from './pages/AppChrome.ts';
import { ChooseLoginPage } from './pages/ChooseLoginPage.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { PatientDialog } from './pages/PatientDialog.ts';
import { PatientsPage } from './pages/PatientsPage.ts';
import { DEMO_ACCOUNTS } from './support/demoAccounts.ts';
import { logInAs } from './support/logIn.ts';
import { advanceServerClock, SERVER_CLOCK_TAG } from './support/serverClock.ts';
import { EXPIRY_IDLE_SECONDS, EXPIRY_SERVER } from './support/servers.ts';

test.use({ baseURL: EXPIRY_SERVER });

test('an idle token expires and the next page load goes to /login', { tag: SERVER_CLOCK_TAG }, async ({ page }) => {
  const home = await logInAs(page, DEMO_ACCOUNTS.patient);
  // Just inside the idle lifetime the login holds; a second later the server has forgotten the token.
  await advanceServerClock(EXPIRY_IDLE_SECONDS - 60);
  await page.reload();
  await expect(home.heading).toBeVisible();
  await expect(page).toHaveURL(home.path);
  await advanceServerClock(EXPIRY_IDLE_SECONDS + 1);
  await page.reload();
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(home.heading).toBeHidden();
  expect(await new AppChrome(page).storedAccessToken()).toBeNull();
  // The login page says why, in the server's terms (the 401 names the idle limit), not only that it ended.
  await expect(page.getByRole('status')).toHaveText(
    'Your session has ended because it was not used for a while. Please log in again.',
  );
});

test(
  'a login that expired while offline says changes are waiting, and after the next login that they were sent',
  { tag: SERVER_CLOCK_TAG },
  async ({ page, context }) => {
    test.setTimeout(90_000);
    await logInAs(page, DEMO_ACCOUNTS.clinic);
    const patients = new PatientsPage(page, 'clinic');
    await patients.goto();
    await expect(patients.heading).toBeVisible();
    const surname = `Expiry${String(Date.now()).slice(-7)}`;

    // A patient added on the ward without Wi-Fi waits in the outbox.
    await patients.addButton.click();
    const add = new PatientDialog(page, 'Add Patient');
    await add.fill({ 'Patient ID': `EXP-${surname}`, Forename: 'Ida', Surname: surname });
    await add.typeDate('Date of Birth', '01021970');
    await add.fill({ 'Height (ft)': '5', 'Height (in)': '7', 'Weight (lb)': '150' });
    await context.setOffline(true);
    await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await add.button('Add').click();
    await expect(new AppChrome(page).alert('Saved on this device')).toBeVisible();

    // The login dies while the tablet is offline; back online, the first send meets the dead token.
    await advanceServerClock(EXPIRY_IDLE_SECONDS + 1);
    await page.unrouteAll({ behavior: 'wait' });
    await context.setOffline(false);
    const choose = new ChooseLoginPage(page);
    await expect(choose.heading).toBeVisible();
    const ended = page.getByRole('status').filter({ hasText: 'Your session has ended' });
    await expect(ended).toHaveText(
      'Your session has ended because it was not used for a while. 1 change made on this device is saved and will be ' +
        'sent after you log in again.',
    );
    await choose.choose('Clinic');
    await choose.goToLogin.click();
    // The login form says it too, and the next login sends the change.
    await expect(ended).toBeVisible();
    await new LoginPage(page, 'clinic').logIn(DEMO_ACCOUNTS.clinic.username);
    await expect(
      new AppChrome(page).alert('The 1 change saved before your session ended has been sent.'),
    ).toBeVisible();
    await patients.goto();
    await patients.searchFor(surname);
    await expect(patients.rowWith(surname)).toBeVisible();
    await expect(ended).toBeHidden();
  },
);
