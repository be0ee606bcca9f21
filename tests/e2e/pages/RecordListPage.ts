import type { Locator, Page } from '@playwright/test';

/** A list screen (clinicians, clinics): title, search, Add button and the table with edit and delete per row. */
export class RecordListPage {
  readonly heading: Locator;
  readonly search: Locator;
  readonly addButton: Locator;
  readonly table: Locator;

  constructor(
    protected readonly page: Page,
    readonly title: string,
    addLabel: string,
  ) {
    this.heading = page.getByRole('heading', { level: 1, name: title });
    this.search = page.getByRole('searchbox', { name: `Search ${title.toLowerCase()}` });
    this.addButton = page.getByRole('main').getByRole('button', { name: addLabel, exact: true });
    this.table = page.getByRole('table', { name: title });
  }

  /** A row, named by its row-header cells (a person's forename and surname, a clinic's name). */
  row(name: string): Locator {
    return this.table.getByRole('row', { name, exact: true });
  }

  edit(name: string): Locator {
    return this.table.getByRole('button', { name: `Edit ${name}`, exact: true });
  }

  delete(name: string): Locator {
    return this.table.getByRole('button', { name: `Delete ${name}`, exact: true });
  }

  emptyText(text: string): Locator {
    return this.table.getByText(text, { exact: true });
  }

  async searchFor(text: string): Promise<void> {
    await this.search.fill(text);
  }
}
