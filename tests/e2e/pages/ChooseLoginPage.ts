import type { Locator, Page } from '@playwright/test';

type LoginChoice = 'Patient' | 'Clinician' | 'Clinic';

/** /login: choose Patient, Clinician or Clinic. */
export class ChooseLoginPage {
  readonly heading: Locator;
  readonly goToLogin: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Login', exact: true });
    this.goToLogin = page.getByRole('button', { name: 'Go To Login' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/login');
  }

  option(label: LoginChoice): Locator {
    return this.page.getByRole('radio', { name: label, exact: true });
  }

  /** React Aria hides the native input under its label, so the choice is made by clicking the label. */
  async choose(label: LoginChoice): Promise<void> {
    await this.page.getByRole('radiogroup').getByText(label, { exact: true }).click();
  }
}
