import type { Locator, Page } from '@playwright/test';

/** The delete confirmation: Delete is enabled only once the target text is typed exactly (docs/spec.md §4). */
export class ConfirmDeleteDialog {
  readonly dialog: Locator;
  readonly confirmation: Locator;
  readonly deleteButton: Locator;
  readonly error: Locator;

  constructor(page: Page, title: string, targetText: string) {
    this.dialog = page.getByRole('dialog', { name: title });
    this.confirmation = this.dialog.getByRole('textbox', { name: `Type ${targetText} to confirm` });
    this.deleteButton = this.dialog.getByRole('button', { name: 'Delete', exact: true });
    this.error = this.dialog.getByRole('alert');
  }
}
