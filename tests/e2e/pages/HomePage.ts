import type { Locator, Page } from '@playwright/test';
import type { UserType } from '#shared/auth/userTypes';

const TITLES: Record<UserType, string> = {
  patient: 'Patient Home',
  clinician: 'Clinician Home',
  clinic: 'Clinic Home',
  admin: 'Administrator Home',
};

/** /{type}/home */
export class HomePage {
  readonly heading: Locator;
  readonly changePassword: Locator;

  constructor(
    private readonly page: Page,
    readonly type: UserType,
  ) {
    this.heading = page.getByRole('heading', { level: 1, name: TITLES[type] });
    this.changePassword = page.getByRole('button', { name: 'Change Password' });
  }

  get path(): string {
    return `/${this.type}/home`;
  }

  async goto(): Promise<void> {
    await this.page.goto(this.path);
  }

  /** An account detail (name, email, clinic, address) shown on the page. */
  detail(value: string): Locator {
    return this.page.getByRole('definition').filter({ hasText: value });
  }

  link(name: string): Locator {
    return this.page.getByRole('main').getByRole('link', { name, exact: true });
  }
}
