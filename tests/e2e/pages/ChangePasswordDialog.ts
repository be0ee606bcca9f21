import type { Locator, Page } from '@playwright/test';

/** The Change Password dialog of the patient and clinician homes. */
export class ChangePasswordDialog {
  readonly dialog: Locator;
  readonly currentPassword: Locator;
  readonly newPassword: Locator;
  readonly confirmPassword: Locator;
  readonly update: Locator;

  constructor(page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Change Password' });
    this.currentPassword = this.dialog.getByLabel('Current Password');
    this.newPassword = this.dialog.getByLabel('New Password');
    this.confirmPassword = this.dialog.getByLabel('Confirm Password');
    this.update = this.dialog.getByRole('button', { name: 'Update' });
  }

  async submit(current: string, password: string, confirmation = password): Promise<void> {
    await this.currentPassword.fill(current);
    await this.newPassword.fill(password);
    await this.confirmPassword.fill(confirmation);
    await this.update.click();
  }
}
