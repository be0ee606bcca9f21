import { expect, type Locator, type Page } from '@playwright/test';

/** /admin/audit-log: filters, the entries as a table (cards on phones), Load more and Export CSV. */
export class AuditLogPage {
  readonly table: Locator;
  readonly rows: Locator;
  readonly loadMore: Locator;
  readonly exportCsv: Locator;
  readonly count: Locator;

  constructor(private readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Audit log', exact: true });
    // The body's rows: the header row has column headers, not cells.
    this.rows = this.table.getByRole('row').filter({ has: page.getByRole('rowheader') });
    this.loadMore = page.getByRole('button', { name: 'Load more', exact: true });
    this.exportCsv = page.getByRole('button', { name: 'Export CSV', exact: true });
    this.count = page.getByRole('status').filter({ hasText: /^Showing \d+ entries, newest first\.$/ });
  }

  async goto(): Promise<void> {
    await this.page.goto('/admin/audit-log');
  }

  async search(label: 'Person' | 'Patient', text: string): Promise<void> {
    await this.page.getByRole('searchbox', { name: label, exact: true }).fill(text);
  }

  /** A Select's button is named by its value, then its label ('Any action Action'). */
  async choose(label: 'Action' | 'Outcome', option: string): Promise<void> {
    await this.page.getByRole('button', { name: new RegExp(` ${label}$`) }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  /** Types a day into the From or To field, in the field's own order (MM/DD/YYYY for en-US). */
  async typeDay(label: 'From' | 'To', day: Date): Promise<void> {
    const pad = (n: number) => String(n).padStart(2, '0');
    await this.page.getByRole('group', { name: label, exact: true }).getByRole('spinbutton').first().click();
    await this.page.keyboard.type(`${pad(day.getMonth() + 1)}${pad(day.getDate())}${String(day.getFullYear())}`);
  }

  /** A row's field by its column: the cell whose label (phones) or position says so. */
  cell(row: Locator, column: number): Locator {
    return row.getByRole('cell').nth(column);
  }

  /** Waits until the list shows the answer to the filters last set. */
  async settled(): Promise<void> {
    await expect(this.count.or(this.page.getByText('No Data Matching Filter Found.'))).toBeVisible();
  }
}
