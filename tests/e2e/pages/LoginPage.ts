import type { Locator, Page } from '@playwright/test';
import { LOGIN_TITLES, type UserType } from '#shared/auth/userTypes';
import { DEMO_PASSWORD } from '../support/demoAccounts.ts';

/** /{type}/login. The form is named by its title and described by its error field. */
export class LoginPage {
  readonly form: Locator;
  readonly username: Locator;
  readonly password: Locator;
  readonly loginButton: Locator;
  readonly backButton: Locator;

  constructor(
    private readonly page: Page,
    readonly type: UserType,
  ) {
    this.form = page.getByRole('form', { name: LOGIN_TITLES[type] });
    this.username = this.form.getByLabel('Username', { exact: true });
    this.password = this.form.getByLabel('Password', { exact: true });
    this.loginButton = this.form.getByRole('button', { name: 'Login' });
    this.backButton = this.form.getByRole('button', { name: 'Back' });
  }

  async goto(): Promise<void> {
    await this.page.goto(`/${this.type}/login`);
  }

  /** Fills the form and submits it with Enter, as a keyboard user would. */
  async logIn(username: string, password = DEMO_PASSWORD): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
    await this.password.press('Enter');
  }
}
