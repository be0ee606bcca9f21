import type { Locator, Page } from '@playwright/test';

/** The report dialogs (docs/spec.md §2): options 'Create {type} Report' with the metric multi-select and Infer, then the links. */
export class ReportDialog {
  readonly dialog: Locator;
  readonly infer: Locator;

  constructor(
    private readonly page: Page,
    title: string,
  ) {
    this.dialog = page.getByRole('dialog', { name: title });
    this.infer = this.dialog.getByRole('button', { name: 'Infer' });
  }

  async chooseMetrics(names: readonly string[]): Promise<void> {
    await this.dialog.getByRole('button', { name: /Selected metrics/ }).click();
    const list = this.page.getByRole('listbox');
    for (const name of names) await list.getByRole('option', { name, exact: true }).click();
    await this.page.keyboard.press('Escape');
  }

  /** A button of the 'Report Generated' dialog: View Report, Table View or Pie Chart. */
  button(name: 'View Report' | 'Table View' | 'Pie Chart'): Locator {
    return this.page.getByRole('dialog', { name: 'Report Generated' }).getByRole('button', { name });
  }
}
