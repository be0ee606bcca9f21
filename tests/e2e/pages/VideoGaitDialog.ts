import { expect, type Locator, type Page } from '@playwright/test';

/** The Sports2D walk's cadence from the heel strikes read off its frames by eye (tests/fixtures/video/README.md). */
export const REFERENCE_CADENCE = 97.8;

/** Record or Choose Video: a video chosen or filmed, its scale, the analysis on the device and what it found. */
export class VideoGaitDialog {
  readonly dialog: Locator;

  constructor(private readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Record or Choose Video' });
  }

  async chooseVideo(file: string): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.dialog.getByRole('button', { name: 'Choose Video' }).click();
    await (await chooser).setFiles(file);
  }

  get height(): Locator {
    return this.dialog.getByRole('textbox', { name: 'Patient height (m)' });
  }

  /** The patient's height entered (a number field takes its value when it loses the focus), then Analyse Walk. */
  async analyseWithHeight(metres: string): Promise<void> {
    await this.height.fill(metres);
    await this.height.press('Tab');
    await this.dialog.getByRole('button', { name: 'Analyse Walk' }).click();
  }

  /** The cadence the analysis shows once it is done: the pose model takes minutes on a busy machine. */
  async cadence(): Promise<number> {
    await expect(this.dialog.getByText('Cadence')).toBeVisible({ timeout: 240_000 });
    return Number.parseFloat((await this.dialog.getByRole('definition').first().textContent()) ?? '');
  }
}
