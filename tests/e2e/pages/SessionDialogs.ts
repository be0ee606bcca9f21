import type { Locator, Page } from '@playwright/test';

/** Picks files through the picker a button opens (the input itself is hidden, as in a real browser). */
async function pickFiles(page: Page, button: Locator, files: readonly string[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles([...files]);
}

/** A single-choice select inside a dialog: its button is named by the value, then the label. */
async function chooseOne(page: Page, dialog: Locator, label: string, option: string | RegExp): Promise<void> {
  await dialog.getByRole('button', { name: new RegExp(`(^| )${label}$`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Add Session (docs/spec.md §2, §5): numbers, test, patient, clinician, date and files with their upload progress. */
export class AddSessionDialog {
  readonly dialog: Locator;
  readonly addButton: Locator;

  constructor(private readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Add Session' });
    this.addButton = this.dialog.getByRole('button', { name: 'Add', exact: true });
  }

  field(label: string): Locator {
    return this.dialog.getByRole('textbox', { name: label, exact: true });
  }

  async choose(label: 'Test' | 'Patient' | 'Clinician', option: string): Promise<void> {
    if (label === 'Test') await chooseOne(this.page, this.dialog, label, option);
    else await this.search(label, option, option);
  }

  /** A clinician by name: the picker's options read 'Name — Clinics (username)', so namesakes differ. */
  async chooseClinician(name: string): Promise<void> {
    await this.search('Clinician', name, new RegExp(`^${escapeRegExp(name)} — `));
  }

  /** The patient and clinician pickers are searchable: type, then choose among the options left. */
  picker(label: 'Patient' | 'Clinician'): Locator {
    return this.dialog.getByRole('combobox', { name: label });
  }

  /** An option is named by its two lines: the name (given here), then what tells namesakes apart. */
  async search(label: 'Patient' | 'Clinician', text: string, option: string | RegExp): Promise<void> {
    await this.picker(label).fill(text);
    const name = typeof option === 'string' ? new RegExp(`^${escapeRegExp(option)}( |$)`) : option;
    await this.page.getByRole('listbox').getByRole('option', { name }).click();
  }

  async addFiles(files: readonly string[]): Promise<void> {
    await pickFiles(this.page, this.dialog.getByRole('button', { name: 'Choose Files' }), files);
  }

  /** What every recording names: session {number}.1, a 10-Metre Walk Test, its patient and clinician. */
  async describeWalk(sessionNumber: number, patient: string, clinician: string): Promise<void> {
    await this.field('Session Number').fill(String(sessionNumber));
    await this.field('Sub Session Number').fill('1');
    await this.choose('Test', '10-Metre Walk Test');
    await this.choose('Patient', patient);
    await this.chooseClinician(clinician);
  }

  linkToExisting(): Locator {
    return this.dialog.getByRole('checkbox', { name: 'Link to session with same session number' });
  }

  /** Types the recording's time into the Time field's hour and minute segments (24-hour clock). */
  async setTime(hours: string, minutes: string): Promise<void> {
    const time = this.dialog.getByRole('group', { name: 'Time' });
    await time.getByRole('spinbutton', { name: /^hour/i }).click();
    await this.page.keyboard.type(hours);
    await time.getByRole('spinbutton', { name: /^minute/i }).click();
    await this.page.keyboard.type(minutes);
  }
}

/** View Session Files (docs/spec.md §2): one row per file with its status and view, download and upload controls. */
export class SessionFilesDialog {
  readonly dialog: Locator;

  constructor(private readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'View Session Files' });
  }

  file(label: string): Locator {
    return this.dialog.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: label, exact: true }) });
  }

  view(label: string): Locator {
    return this.dialog.getByRole('button', { name: `View ${label}`, exact: true });
  }

  download(label: string): Locator {
    return this.dialog.getByRole('link', { name: `Download ${label}`, exact: true });
  }

  upload(label: string): Locator {
    return this.dialog.getByRole('button', { name: `Upload ${label}`, exact: true });
  }

  close(): Locator {
    return this.dialog.getByRole('button', { name: 'Close', exact: true });
  }
}

/** Upload Session File with its 'Overwrite Files' confirmation (docs/spec.md §4). */
export class UploadSessionFileDialog {
  readonly dialog: Locator;
  readonly overwrite: Locator;

  constructor(private readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Upload Session File' });
    this.overwrite = page.getByRole('dialog', { name: 'Overwrite Files' });
  }

  async chooseFile(path: string): Promise<void> {
    await pickFiles(this.page, this.dialog.getByRole('button', { name: 'Choose File' }), [path]);
  }

  uploadButton(): Locator {
    return this.dialog.getByRole('button', { name: 'Upload', exact: true });
  }
}

/** Text Viewer (docs/spec.md §2): the file text in a scrollable region. */
export class TextViewerDialog {
  readonly dialog: Locator;
  readonly text: Locator;

  constructor(page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Text Viewer' });
    this.text = this.dialog.getByRole('region');
  }

  close(): Locator {
    return this.dialog.getByRole('button', { name: 'Close', exact: true });
  }
  /** The rows the viewer draws (the ones in view), as text. */
  async rows(): Promise<string[]> {
    return this.text.evaluate((region) => Array.from(region.querySelectorAll('pre > div'), (row) => row.textContent));
  }
}
