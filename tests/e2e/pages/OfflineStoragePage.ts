import type { Locator, Page } from '@playwright/test';
import type { UserType } from '#shared/auth/userTypes';

/** /{type}/offline: the session files kept on this device, with sizes, quota and Remove buttons. */
export class OfflineStoragePage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly removeAll: Locator;
  readonly facts: Locator;

  constructor(
    private readonly page: Page,
    readonly type: UserType,
  ) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Offline Storage' });
    this.table = page.getByRole('table', { name: 'Files kept offline' });
    this.removeAll = page.getByRole('button', { name: 'Remove all' });
    this.facts = page.locator('dl');
  }

  async goto(): Promise<void> {
    await this.page.goto(`/${this.type}/offline`);
  }

  /** File rows only: each names its session in a row header. */
  rows(): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader') });
  }

  row(fileLabel: 'Joint data' | 'Gait metrics' | 'Video' | 'Blurred video'): Locator {
    return this.rows().filter({ has: this.page.getByRole('cell', { name: fileLabel, exact: true }) });
  }

  remove(row: Locator): Locator {
    return row.getByRole('button', { name: /^Remove / });
  }

  /** The value after a term of the facts list, e.g. 'Kept files' → '2 (1.2 MB)'. */
  fact(term: 'Kept files' | 'Storage used on this device' | 'Persistent storage'): Locator {
    return this.facts.locator(`dt:text-is("${term}") + dd`);
  }
}
