import type { Locator, Page } from '@playwright/test';
import type { UserType } from '#shared/auth/userTypes';
import { RecordListPage } from './RecordListPage.ts';

/** /{type}/patients: the patient browser (docs/spec.md §2) — a record list with filters and expandable rows. */
export class PatientsPage extends RecordListPage {
  readonly filtersToggle: Locator;
  readonly groupReport: Locator;

  constructor(
    page: Page,
    readonly type: UserType,
  ) {
    super(page, 'Patients', 'Add Patient');
    this.filtersToggle = page.getByRole('button', { name: /^Filters/ });
    this.groupReport = page.getByRole('button', { name: 'Create Group Report' });
  }

  async goto(search = ''): Promise<void> {
    await this.page.goto(`/${this.type}/patients${search}`);
  }

  /** Patient rows only: each has its ID as row header; the header row and expanded details have none. */
  rows(): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader') });
  }

  rowWith(text: string): Locator {
    return this.rows().filter({ hasText: text });
  }

  /** The expanded details under a patient's row. */
  detailsOf(text: string): Locator {
    return this.table.getByRole('row').filter({ hasText: text }).filter({ hasText: 'Recorded sessions' });
  }

  expand(name: string): Locator {
    return this.table.getByRole('button', { name: `Details of ${name}` });
  }

  async openFilters(): Promise<void> {
    if ((await this.filtersToggle.getAttribute('aria-expanded')) !== 'true') await this.filtersToggle.click();
  }

  async chooseSex(label: string): Promise<void> {
    // A Select's button is named by its value, then its label ('Any Sex').
    await this.page.getByRole('button', { name: / Sex$/ }).click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }

  /** Ticks one ICD or ICF code in the filters' tree select, found through its search box. */
  async chooseCode(search: string, label: string): Promise<void> {
    await chooseTreeCode(this.page, 'ICD / ICF', search, label);
  }

  async clearFilters(): Promise<void> {
    await this.page.getByRole('button', { name: 'Clear all' }).click();
  }
}

/**
 * A TreeSelect: open it by its label, search, tick the matching item, then close it from the search box (Escape
 * clears the search, a second Escape closes the list; Escape inside the tree would clear the ticks).
 */
export async function chooseTreeCode(page: Page, fieldLabel: string, search: string, label: string): Promise<void> {
  // The button is named by the field's label, then its content ('ICD Choose…', 'ICD 1 selected').
  await page.getByRole('button', { name: new RegExp(`^${fieldLabel}( |$)`) }).click();
  const searchBox = page.getByRole('searchbox', { name: `Search ${fieldLabel}` });
  await searchBox.fill(search);
  // React Aria draws its own box over the visually hidden checkbox input.
  await page
    .getByRole('treegrid', { name: fieldLabel })
    .getByRole('row', { name: label })
    .getByRole('checkbox')
    .check({ force: true });
  await searchBox.click();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
}
