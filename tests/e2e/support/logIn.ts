import { expect, type Page } from '@playwright/test';
import { HomePage } from '../pages/HomePage.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { DEMO_PASSWORD, type DemoAccount } from './demoAccounts.ts';

/** Logs in through the form and waits for the home page. */
export async function logInAs(page: Page, account: DemoAccount, password = DEMO_PASSWORD): Promise<HomePage> {
  const login = new LoginPage(page, account.type);
  await login.goto();
  await login.logIn(account.username, password);
  const home = new HomePage(page, account.type);
  await expect(page).toHaveURL(home.path);
  await expect(home.heading).toBeVisible();
  return home;
}
