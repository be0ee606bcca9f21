import type { Page } from '@playwright/test';
import { chooseTreeCode } from './PatientsPage.ts';
import { RecordDialog } from './RecordDialog.ts';

/** The Add Patient and Edit Patient dialog (docs/spec.md §2, §3): a record dialog with dates, units and code trees. */
export class PatientDialog extends RecordDialog {
  constructor(
    private readonly pageOfDialog: Page,
    title: 'Add Patient' | 'Edit Patient',
  ) {
    super(pageOfDialog, title);
  }

  /** Types a date into the segmented date field in the order the locale shows (MM/DD/YYYY for en-US). */
  async typeDate(label: string, digits: string): Promise<void> {
    await this.dialog.getByRole('group', { name: label }).getByRole('spinbutton').first().click();
    await this.pageOfDialog.keyboard.type(digits);
  }

  /** A single choice: the list closes by itself, and an Escape now would close the dialog. */
  async chooseOne(label: string, option: string): Promise<void> {
    await this.dialog.getByRole('button', { name: new RegExp(`(^| )${label}$`) }).click();
    await this.pageOfDialog.getByRole('option', { name: option, exact: true }).click();
  }

  /** A multiple choice: the list stays open until Escape. */
  async chooseMany(label: string, option: string): Promise<void> {
    await this.dialog.getByRole('button', { name: new RegExp(`(^| )${label}$`) }).click();
    await this.pageOfDialog.getByRole('option', { name: option }).click();
    await this.pageOfDialog.keyboard.press('Escape');
  }

  async chooseCode(field: 'ICD' | 'ICF', search: string, label: string): Promise<void> {
    await chooseTreeCode(this.pageOfDialog, field, search, label);
  }
}
