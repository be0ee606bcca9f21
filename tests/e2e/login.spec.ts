import { expect, test } from '@playwright/test';
import { USER_TYPES } from '#shared/auth/userTypes';
import { MESSAGES } from '#shared/messages';
import { AppChrome } from './pages/AppChrome.ts';
import { ChooseLoginPage } from './pages/ChooseLoginPage.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { DEMO_ACCOUNTS } from './support/demoAccounts.ts';
import { logInAs } from './support/logIn.ts';

for (const type of USER_TYPES) {
  const account = DEMO_ACCOUNTS[type];

  test(`${type} logs in, stays logged in over a reload, navigates and logs out`, async ({ page }) => {
    const chrome = new AppChrome(page);
    const home = await logInAs(page, account);
    for (const value of account.shown) await expect(home.detail(value)).toBeVisible();

    await page.reload();
    await expect(page).toHaveURL(home.path);
    await expect(home.heading).toBeVisible();
    for (const value of account.shown) await expect(home.detail(value)).toBeVisible();

    await chrome.openNavigation.click();
    await expect(chrome.drawer).toBeVisible();
    await expect(chrome.drawerEntries()).toHaveText([...account.navigation]);
    await page.keyboard.press('Escape');
    await expect(chrome.drawer).toBeHidden();

    await chrome.logout.click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByText(MESSAGES.loggedOut)).toBeVisible();
    await expect(chrome.openNavigation).toBeHidden();
    expect(await chrome.storedAccessToken()).toBeNull();
  });
}

test('the choose-login card defaults to Clinician and leads to its form', async ({ page }) => {
  const choose = new ChooseLoginPage(page);
  await choose.goto();
  await expect(choose.option('Clinician')).toBeChecked();
  await choose.choose('Clinic');
  await choose.goToLogin.click();
  await expect(page).toHaveURL('/clinic/login');
  const login = new LoginPage(page, 'clinic');
  await expect(login.form).toBeVisible();
  await login.backButton.click();
  await expect(page).toHaveURL('/login');
});

test('/login shows its card before the app runs, disabled until it does, as the app draws it', async ({
  browser,
  page,
}) => {
  // The page as it arrives, before any script: what a phone on a slow network paints first.
  const bare = await browser.newContext({ javaScriptEnabled: false });
  const before = await bare.newPage();
  const shell = new ChooseLoginPage(before);
  await shell.goto();
  await expect(shell.heading).toBeVisible();
  await expect(shell.option('Clinician')).toBeChecked();
  for (const label of ['Patient', 'Clinician', 'Clinic'] as const) await expect(shell.option(label)).toBeDisabled();
  await expect(shell.goToLogin).toBeDisabled();
  const shellText = await before.locator('#root').innerText();
  await bare.close();

  const choose = new ChooseLoginPage(page);
  await choose.goto();
  await expect(choose.goToLogin).toBeEnabled();
  expect(await page.locator('#root').innerText()).toBe(shellText);
});

test('a wrong password is reported in an alert and in the form', async ({ page }) => {
  const login = new LoginPage(page, 'clinician');
  await login.goto();
  await login.logIn(DEMO_ACCOUNTS.clinician.username, 'not-the-password');
  await expect(new AppChrome(page).alert(MESSAGES.loginFailed)).toBeVisible();
  await expect(login.form).toHaveAccessibleDescription(MESSAGES.loginFailed);
  await expect(page).toHaveURL('/clinician/login');
});

test('a network failure is reported in the form only', async ({ page }) => {
  const login = new LoginPage(page, 'patient');
  await login.goto();
  await page.route('**/api/patientLogin', (route) => route.abort('internetdisconnected'));
  await login.logIn(DEMO_ACCOUNTS.patient.username);
  await expect(login.form).toHaveAccessibleDescription(/Unable to reach the server/);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page).toHaveURL('/patient/login');
});

test('the address becomes the home page only when the home page is there, whole', async ({ page }) => {
  const login = new LoginPage(page, 'clinician');
  await login.goto();
  // Every frame the user sees from pressing Login on: the address, and whether the login form or 'Loading...' is
  // on screen under it.
  await page.evaluate(() => {
    const frames: { path: string; loginForm: boolean; loading: boolean }[] = [];
    Object.defineProperty(window, '__frames', { value: frames });
    const sample = () => {
      frames.push({
        path: window.location.pathname,
        loginForm: document.querySelector('form[aria-labelledby="login-title"]') !== null,
        loading: document.querySelector('main')?.textContent?.includes('Loading...') ?? false,
      });
      if (frames.length < 600) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  await login.logIn(DEMO_ACCOUNTS.clinician.username);
  await expect(page.getByRole('heading', { level: 1, name: 'Clinician Home' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'Amelia Hart' })).toBeVisible();
  const frames = await page.evaluate(
    () => (window as unknown as { __frames: { path: string; loginForm: boolean; loading: boolean }[] }).__frames,
  );
  const atHome = frames.filter((frame) => frame.path === '/clinician/home');
  expect(atHome.length).toBeGreaterThan(0);
  expect(atHome.filter((frame) => frame.loginForm || frame.loading)).toEqual([]);
});
