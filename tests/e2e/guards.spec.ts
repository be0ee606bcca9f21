import { expect, test } from '@playwright/test';
import { ChooseLoginPage } from './pages/ChooseLoginPage.ts';
import { HomePage } from './pages/HomePage.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { DEMO_ACCOUNTS } from './support/demoAccounts.ts';
import { logInAs } from './support/logIn.ts';

test('a home page without a login goes to /login, and back after logging in', async ({ page }) => {
  await page.goto('/patient/home');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  const choose = new ChooseLoginPage(page);
  await choose.choose('Patient');
  await choose.goToLogin.click();
  const login = new LoginPage(page, 'patient');
  await login.logIn(DEMO_ACCOUNTS.patient.username);
  await expect(page).toHaveURL('/patient/home');
});

test('/login with a stored login goes to the home of that login', async ({ page }) => {
  await logInAs(page, DEMO_ACCOUNTS.clinician);
  await page.goto('/login');
  await expect(page).toHaveURL('/clinician/home');
  await page.goto('/clinician/login');
  await expect(page).toHaveURL('/clinician/home');
});

test('a home page of another role sends the user to their own home', async ({ page }) => {
  await logInAs(page, DEMO_ACCOUNTS.clinic);
  await page.goto('/admin/home');
  await expect(page).toHaveURL('/clinic/home');
  await expect(new HomePage(page, 'clinic').heading).toBeVisible();
});

test('the site root leads to /login', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL('/login');
});

test('older addresses lead to the login forms', async ({ page }) => {
  await page.goto('/login/admin');
  await expect(page).toHaveURL('/admin/login');
  await page.goto('/clinic/');
  await expect(page).toHaveURL('/clinic/login');
});
