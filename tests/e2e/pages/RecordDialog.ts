import type { Locator, Page } from '@playwright/test';

/** An add or edit dialog (docs/spec.md §2 Add and edit dialogs), its fields found by their labels. */
export class RecordDialog {
  readonly dialog: Locator;
  readonly error: Locator;

  constructor(
    private readonly page: Page,
    title: string,
  ) {
    this.dialog = page.getByRole('dialog', { name: title });
    this.error = this.dialog.getByRole('alert');
  }

  field(label: string): Locator {
    return this.dialog.getByRole('textbox', { name: label, exact: true });
  }

  checkbox(label: string): Locator {
    return this.dialog.getByRole('checkbox', { name: label, exact: true });
  }

  /** React Aria hides the native input under its label, so a box is ticked by clicking the label. */
  async tick(label: string): Promise<void> {
    await this.dialog.getByText(label, { exact: true }).click();
  }

  async fill(values: Record<string, string>): Promise<void> {
    for (const [label, value] of Object.entries(values)) await this.field(label).fill(value);
  }

  /** Opens a select (its button is named by the value, then the label) and picks one option. */
  async choose(selectLabel: string, option: string): Promise<void> {
    await this.dialog.getByRole('button', { name: new RegExp(`${selectLabel}$`) }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
    await this.page.keyboard.press('Escape');
  }

  /** The chosen values of a multi-select, shown as chips. */
  chips(selectLabel: string): Locator {
    return this.dialog.getByRole('grid', { name: `Selected ${selectLabel}` });
  }

  button(name: string): Locator {
    return this.dialog.getByRole('button', { name, exact: true });
  }
}
