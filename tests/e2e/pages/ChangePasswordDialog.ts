import type { Locator, Page } from '@playwright/test';

/** The Change Password dialog of the patient and clinician homes. */
export class ChangePasswordDialog {
  readonly dialog: Locator;
  readonly newPassword: Locator;
  readonly confirmPassword: Locator;
  readonly update: Locator;

  constructor(page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Change Password' });
    this.newPassword = this.dialog.getByLabel('New Password');
    this.confirmPassword = this.dialog.getByLabel('Confirm Password');
    this.update = this.dialog.getByRole('button', { name: 'Update' });
  }

  async submit(password: string, confirmation = password): Promise<void> {
    await this.newPassword.fill(password);
    await this.confirmPassword.fill(confirmation);
    await this.update.click();
  }
}
