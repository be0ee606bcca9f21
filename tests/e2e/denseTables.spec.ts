import { expect, test, type Locator, type Page } from '@playwright/test';
import { PatientsPage } from './pages/PatientsPage.ts';
import { RecordListPage } from './pages/RecordListPage.ts';
import { AddSessionDialog } from './pages/SessionDialogs.ts';
import { SessionsPage } from './pages/SessionsPage.ts';
import { DEMO_ACCOUNTS } from './support/demoAccounts.ts';
import { settled } from './support/layout.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { logInAs } from './support/logIn.ts';

// A ward round on a tablet, both ways up, and a phone (docs/design.md: clinicians on iPads).
const VIEWPORTS = [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
] as const;

/** Rows wholly on screen: below the window's top and above `bottom` (the sticky footer's top, or the window's end). */
async function rowsOnScreen(rows: Locator, bottom: number): Promise<number> {
  const boxes = await rows.evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      return { top: box.top, bottom: box.bottom, height: box.height };
    }),
  );
  return boxes.filter((box) => box.height > 0 && box.top >= 0 && box.bottom <= bottom + 0.5).length;
}

/** At least 44×44 px: the element, or the label that takes its presses (a checkbox). */
async function expectTouchTarget(target: Locator): Promise<void> {
  const box = await target.evaluate((element) => {
    const pressed = element.closest('label') ?? element;
    const { width, height } = pressed.getBoundingClientRect();
    return { width, height };
  });
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
}

async function openSessions(page: Page): Promise<SessionsPage> {
  await logInAs(page, DEMO_ACCOUNTS.clinician);
  const sessions = new SessionsPage(page, 'clinician');
  await sessions.goto();
  await settled(page);
  await expect(sessions.rows().first()).toBeVisible();
  return sessions;
}

for (const viewport of VIEWPORTS) {
  const size = `${String(viewport.width)}×${String(viewport.height)}`;
  const isPhone = viewport.width < 600;

  test.describe(`at ${size}`, () => {
    test.use({ viewport });

    test('the session list shows ten sessions at once, or short cards on a phone, with 44 px targets', async ({
      page,
    }) => {
      const sessions = await openSessions(page);
      const footerTop = (await sessions.footer.boundingBox())?.y ?? 0;
      expect(footerTop).toBeGreaterThan(0);
      expect(footerTop).toBeLessThanOrEqual(viewport.height);
      const shown = await rowsOnScreen(sessions.rows(), footerTop);
      if (isPhone) {
        expect(shown).toBeGreaterThanOrEqual(3);
        for (const card of await sessions.rows().all())
          expect((await card.boundingBox())?.height ?? 0).toBeLessThan(140);
      } else {
        expect(shown).toBeGreaterThanOrEqual(10);
        // One line a row: every row as high as one touch target.
        for (const row of await sessions.rows().all())
          expect((await row.boundingBox())?.height ?? 0).toBeLessThanOrEqual(48);
      }
      const row = sessions.rows().first();
      await expectTouchTarget(row.getByRole('checkbox'));
      await expectTouchTarget(sessions.skeletonLink(row));
      await expectTouchTarget(sessions.menuButton(row));
      await expectNoAxeViolations(page);
    });

    test("a row's menu holds its actions and opens from the keyboard", async ({ page }) => {
      const sessions = await openSessions(page);
      const button = sessions.menuButton(sessions.rows().first());
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await button.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu', {
        name: /^Actions for Session \d+\.\d+ of .+ \(GP-\d+\), \d\d\/\d\d\/\d{4}/,
      });
      await expect(menu).toBeVisible();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      await expect(menu.getByRole('menuitem').first()).toBeFocused();
      for (const word of ['Report', 'Export', 'Video', 'Keep offline'])
        await expectTouchTarget(menu.getByRole('menuitem', { name: new RegExp(`^${word}( |$)`) }));
      await expect(menu).toBeInViewport({ ratio: 1 });
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(button).toBeFocused();
      await expect(button).toHaveAttribute('aria-expanded', 'false');
    });

    test('the selection footer stays on screen while the list scrolls', async ({ page }) => {
      const sessions = await openSessions(page);
      const row = sessions
        .rows()
        .filter({ has: page.getByRole('checkbox', { disabled: false }) })
        .first();
      await sessions.select(row);
      await expect(sessions.footer).toContainText('1 session selected');
      await expect(sessions.footer.getByRole('button', { name: 'Create Single Session Report' })).toBeEnabled();
      for (const fraction of [0.5, 1]) {
        await page.evaluate((f) => window.scrollTo(0, f * document.documentElement.scrollHeight), fraction);
        await expect(sessions.footer).toBeInViewport({ ratio: 1 });
        const box = await sessions.footer.boundingBox();
        expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(viewport.height + 0.5);
        await expect(sessions.footer.getByRole('button', { name: 'Create Multi Session Report' })).toBeInViewport();
      }
    });

    test('the search box narrows the sessions by patient, ID, test or clinician', async ({ page }) => {
      const sessions = await openSessions(page);
      const before = await sessions.rows().count();
      const [, patient = '', givenId = ''] =
        /^\S+ (.+) \((GP-\d+)\)$/.exec(await sessions.rowName(sessions.rows().first())) ?? [];
      expect(givenId).not.toBe('');
      for (const term of [givenId, patient]) {
        await sessions.search.fill(term);
        await expect(sessions.rows().first()).toContainText(term);
        const names = await sessions.rows().evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
        expect(names.every((text) => text.includes(term))).toBe(true);
      }
      expect(await sessions.rows().count()).toBeLessThan(before);
      await sessions.search.fill('Tandem Walk');
      await expect(sessions.rows().first()).toContainText('Tandem Walk');
      expect(
        (await sessions.rows().evaluateAll((rows) => rows.map((r) => r.textContent ?? ''))).every((t) =>
          t.includes('Tandem Walk'),
        ),
      ).toBe(true);
      // The clinician's name is searched too, though phones and small tablets show it elsewhere in the row.
      await sessions.search.fill('Sofia Lindqvist');
      await expect(sessions.rows().first()).toContainText('Sofia Lindqvist');
      await sessions.search.fill('no such patient anywhere');
      await expect(sessions.rows()).toHaveCount(0);
      await sessions.search.fill('');
      await expect(sessions.rows()).toHaveCount(before);
    });

    test('View Sessions from a patient lands on their sessions, the filters closed', async ({ page }) => {
      await logInAs(page, DEMO_ACCOUNTS.clinician);
      const patients = new PatientsPage(page, 'clinician');
      await patients.goto();
      await settled(page);
      await patients.expand('Olivia Bennett').first().click();
      await page.getByRole('link', { name: 'View Sessions' }).click();
      await expect(page).toHaveURL(/\/clinician\/sessions\?patient=/);
      const sessions = new SessionsPage(page, 'clinician');
      await expect(sessions.filtersToggle).toHaveText('Filters (1)');
      await expect(sessions.filtersToggle).toHaveAttribute('aria-expanded', 'false');
      const first = sessions.rows().first();
      await expect(first).toContainText('Olivia Bennett');
      await expect(first).toBeInViewport({ ratio: 1 });
      const texts = await sessions.rows().evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
      expect(texts.every((text) => text.includes('Olivia Bennett'))).toBe(true);
    });

    test('patients, clinicians and clinics are as dense, with labelled 44 px actions', async ({ page }) => {
      // Three lists, each checked by axe.
      test.setTimeout(90_000);
      await logInAs(page, DEMO_ACCOUNTS.admin);
      const lists: [RecordListPage, string][] = [
        [new PatientsPage(page, 'admin'), '/admin/patients'],
        [new RecordListPage(page, 'Clinicians', 'Add Clinician'), '/admin/clinicians'],
        [new RecordListPage(page, 'Clinics', 'Add Clinic'), '/admin/clinics'],
      ];
      for (const [list, path] of lists) {
        await page.goto(path);
        await settled(page);
        const rows = list.table.getByRole('row').filter({ has: page.getByRole('rowheader') });
        await expect(rows.first()).toBeVisible();
        const edit = rows.first().getByRole('button', { name: /^Edit / });
        await expectTouchTarget(edit);
        await expect(edit).toHaveText('Edit');
        if (isPhone) {
          // Short cards: a value a line, the actions at the card's right; the column names are for screen readers.
          for (const card of await rows.all()) expect((await card.boundingBox())?.height ?? 0).toBeLessThan(140);
          expect(await rowsOnScreen(rows, viewport.height)).toBeGreaterThanOrEqual(Math.min(3, await rows.count()));
        } else {
          // The demo data has ten clinicians, and more of the others.
          expect(await rowsOnScreen(rows, viewport.height)).toBeGreaterThanOrEqual(Math.min(10, await rows.count()));
          expect((await rows.first().boundingBox())?.height ?? 0).toBeLessThanOrEqual(48);
        }
        await expectNoAxeViolations(page);
      }
    });

    test("Add Session's patient and clinician pickers search and group by clinic", async ({ page }) => {
      await logInAs(page, DEMO_ACCOUNTS.admin);
      const sessions = new SessionsPage(page, 'admin');
      await sessions.goto();
      await settled(page);
      await sessions.addSession.click();
      const add = new AddSessionDialog(page);
      const list = page.getByRole('listbox');

      // Opened, the patients sit under their clinics' headings.
      await add.picker('Patient').click();
      await expect(list.getByRole('group', { name: 'Riverside Gait Laboratory' })).toBeVisible();
      expect(await list.getByRole('group').count()).toBeGreaterThan(1);
      // Typed text narrows them to the patient of that ID, told apart by birth date and clinic.
      await add.picker('Patient').fill('GP-1001');
      const olivia = list.getByRole('option', { name: /^Olivia Bennett \(GP-1001\) / });
      await expect(olivia).toBeVisible();
      await expect(olivia).toHaveAccessibleName(
        /^Olivia Bennett \(GP-1001\) Born \d\d\/\d\d\/\d{4} · Riverside Gait Laboratory/,
      );
      await expect(list.getByRole('option')).toHaveCount(1);
      await expectTouchTarget(olivia);
      await olivia.click();
      await expect(add.picker('Patient')).toHaveValue('Olivia Bennett (GP-1001)');
      await expectNoAxeViolations(page);

      await add.picker('Clinician').fill('nobody of that name');
      await expect(list).toContainText('No clinician matches');
      await add.picker('Clinician').fill('Amelia');
      const amelia = list
        .getByRole('group', { name: 'Riverside Gait Laboratory' })
        .getByRole('option', { name: /^Amelia Hart — / });
      await expect(amelia).toBeVisible();
      await amelia.click();
      await expect(add.picker('Clinician')).toHaveValue(/^Amelia Hart — /);
    });
  });
}
