import type { Locator, Page } from '@playwright/test';
import type { UserType } from '#shared/auth/userTypes';
import { chooseTreeCode } from './PatientsPage.ts';

export type SessionAction =
  'Report' | 'Export' | 'Video' | 'Keep offline' | 'Files' | 'Record or Choose Video' | 'Download';

/** /{type}/sessions: the session browser (docs/spec.md §2) — filters, a selectable table and the report footer. */
export class SessionsPage {
  readonly heading: Locator;
  readonly search: Locator;
  readonly footer: Locator;
  readonly table: Locator;
  readonly filtersToggle: Locator;
  readonly addSession: Locator;
  readonly selectionCount: Locator;
  readonly singleReport: Locator;
  readonly multiReport: Locator;
  readonly downloadSelected: Locator;

  constructor(
    private readonly page: Page,
    readonly type: UserType,
  ) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Sessions' });
    this.search = page.getByRole('searchbox', { name: 'Search sessions' });
    this.footer = page.getByRole('region', { name: 'Selected sessions' });
    this.table = page.getByRole('table', { name: 'Sessions' });
    this.filtersToggle = page.getByRole('button', { name: /^Filters/ });
    this.addSession = page.getByRole('main').getByRole('button', { name: 'Add Session', exact: true });
    this.selectionCount = page.getByText(/^\d+ sessions? selected$/);
    this.singleReport = page.getByRole('button', { name: 'Create Single Session Report' });
    this.multiReport = page.getByRole('button', { name: 'Create Multi Session Report' });
    this.downloadSelected = page.getByRole('button', { name: 'Download Selected' });
  }

  async goto(search = ''): Promise<void> {
    await this.page.goto(`/${this.type}/sessions${search}`);
  }

  /** Session rows only: each is named by its row headers, 'session.sub patient (given id)'. */
  rows(): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader') });
  }

  /** The row of a session, e.g. row(812, 1) for session 812.1. */
  row(sessionNumber: number, subSessionNumber = 1): Locator {
    return this.table.getByRole('row', {
      name: new RegExp(`^${String(sessionNumber)}\\.${String(subSessionNumber)} `),
    });
  }

  /** A row's accessible name: its row headers' texts (e.g. '3.1 Ada Lovelace (GP-1001)'). */
  async rowName(row: Locator): Promise<string> {
    return row.evaluate((element) =>
      (element.getAttribute('aria-labelledby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
  }

  /** A row's menu button, 'Actions for Session 3.1 of Ada Lovelace (GP-1001), 12/02/2026 08:30'. */
  menuButton(row: Locator): Locator {
    return row.getByRole('button', { name: /^Actions for Session / });
  }

  /** Opens a row's menu and answers one of its items (the 'Skeleton' link sits in the row itself). */
  async action(row: Locator, name: SessionAction): Promise<Locator> {
    await this.menuButton(row).click();
    return this.page.getByRole('menu').getByRole('menuitem', { name: new RegExp(`^${name}( \\(|$)`) });
  }

  /** Opens a row's menu and chooses one of its items. */
  async choose(row: Locator, name: SessionAction): Promise<void> {
    await (await this.action(row, name)).click();
  }

  skeletonLink(row: Locator): Locator {
    return row.getByRole('link', { name: /^Skeleton of / });
  }

  async select(row: Locator): Promise<void> {
    await row.getByRole('checkbox').check();
  }

  emptyText(text: string): Locator {
    return this.table.getByText(text, { exact: true });
  }

  async openFilters(): Promise<void> {
    if ((await this.filtersToggle.getAttribute('aria-expanded')) !== 'true') await this.filtersToggle.click();
  }

  async choosePatient(search: string, label: string): Promise<void> {
    await chooseTreeCode(this.page, 'Patients', search, label);
  }

  patientChips(): Locator {
    return this.page.getByRole('grid', { name: 'Selected Patients' });
  }

  /** Sets a range slider's thumbs by value (its inputs are native range inputs under React Aria's track). */
  async setRange(label: 'session number' | 'sub-session number', min: number, max: number): Promise<void> {
    await this.page.getByRole('slider', { name: `Maximum ${label}` }).fill(String(max));
    await this.page.getByRole('slider', { name: `Minimum ${label}` }).fill(String(min));
  }

  async clearFilters(): Promise<void> {
    await this.page.getByRole('button', { name: 'Clear all' }).click();
  }
}
