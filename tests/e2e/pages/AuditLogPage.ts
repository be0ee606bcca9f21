import type { Locator, Page } from '@playwright/test';

/** /admin/audit-log */
export class AuditLogPage {
  readonly log: Locator;

  constructor(private readonly page: Page) {
    this.log = page.getByRole('region', { name: 'Audit log', exact: true });
  }

  async goto(): Promise<void> {
    await this.page.goto('/admin/audit-log');
  }
}
