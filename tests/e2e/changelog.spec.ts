import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { AppChrome } from './pages/AppChrome.ts';
import { HomePage } from './pages/HomePage.ts';
import { DEMO_ACCOUNTS } from './support/demoAccounts.ts';
import { logInAs } from './support/logIn.ts';

const CHANGELOG = readFileSync(new URL('../../CHANGELOG.md', import.meta.url), 'utf8');
/** The releases the repository's CHANGELOG.md lists, newest first, dated as en-GB shows them: day first. */
const RELEASES = [...CHANGELOG.matchAll(/^## (\S+) — (\d{4})-(\d{2})-(\d{2})$/gm)].map(([, version, y, m, d]) => ({
  version: version ?? '',
  shown: `${d ?? ''}/${m ?? ''}/${y ?? ''}`,
}));

// Dates follow the browser's order (docs/spec.md §5): day-first here, month-first for en-US (sessions.spec).
test.use({ locale: 'en-GB' });

test("the administrator reads the product's release history from the drawer and the home page", async ({ page }) => {
  const chrome = new AppChrome(page);
  await logInAs(page, DEMO_ACCOUNTS.admin);
  await chrome.openNavigation.click();
  await chrome.drawer.getByRole('link', { name: 'Changelog' }).click();
  await expect(page).toHaveURL('/admin/changelog');
  await expect(page.getByRole('heading', { level: 1, name: 'Changelog' })).toBeVisible();

  // Every version of CHANGELOG.md, newest first, with its date, its Changes and (where it has them) Bugfixes.
  const versions = page.getByRole('heading', { level: 2 });
  await expect(versions).toHaveText(RELEASES.map((r) => new RegExp(`^Version ${r.version.replaceAll('.', '\\.')}`)));
  for (const release of RELEASES) {
    const section = page.getByRole('region', {
      name: new RegExp(`^Version ${release.version.replaceAll('.', '\\.')}`),
    });
    await expect(section.getByRole('heading', { level: 2 })).toContainText(release.shown);
    await expect(section.getByRole('heading', { level: 3, name: 'Changes' })).toBeVisible();
    await expect(section.getByRole('listitem').first()).toBeVisible();
  }
  const newest = page.getByRole('region', { name: /^Version 0\.6\.0/ });
  await expect(newest.getByRole('heading', { level: 3, name: 'Bugfixes' })).toBeVisible();
  await expect(newest).toContainText('150 lb saved and reopened showed 150.0003 lb');

  // The home page's button leads to the same page, no longer to 'Page not found'.
  const home = new HomePage(page, 'admin');
  await home.goto();
  await home.link('Changelog').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Changelog' })).toBeVisible();
});

test('the changelog is for the administrator only', async ({ page }) => {
  const home = await logInAs(page, DEMO_ACCOUNTS.clinic);
  await page.goto('/admin/changelog');
  await expect(page).toHaveURL(home.path);
});
