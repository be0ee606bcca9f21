import type { Locator, Page } from '@playwright/test';

/** The top bar, the navigation drawer and the toast alerts, present on every page. */
export class AppChrome {
  readonly openNavigation: Locator;
  readonly logout: Locator;
  readonly drawer: Locator;

  constructor(private readonly page: Page) {
    this.openNavigation = page.getByRole('button', { name: 'Open navigation' });
    this.logout = page.getByRole('banner').getByRole('link', { name: 'Logout' });
    this.drawer = page.getByRole('dialog', { name: 'Gait Portal' });
  }

  drawerEntries(): Locator {
    return this.drawer.getByRole('navigation').getByRole('link');
  }

  alert(text: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }

  /** The login as the app keeps it in session storage (docs/spec.md §3). */
  async storedAccessToken(): Promise<string | null> {
    return this.page.evaluate(() => window.sessionStorage.getItem('access_token'));
  }
}
