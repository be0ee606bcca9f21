import { expect, test, type Page } from '@playwright/test';
import { USER_TYPES, type UserType } from '#shared/auth/userTypes';
import { PatientsPage } from './pages/PatientsPage.ts';
import { SessionsPage } from './pages/SessionsPage.ts';
import { SkeletonViewerPage } from './pages/SkeletonViewerPage.ts';
import { DEMO_ACCOUNTS } from './support/demoAccounts.ts';
import {
  layoutShift,
  pageOverflow,
  ROUTES,
  sessionWithJointData,
  settled,
  skeletonPath,
  viewportFor,
  watchLayoutShift,
  WIDTHS,
} from './support/layout.ts';
import { logInAs } from './support/logIn.ts';

// Ward tablets and patients' phones: every page of every role, at every width from a small phone to a laptop.

for (const type of USER_TYPES) {
  test(`${type}: no page scrolls sideways at ${WIDTHS.join(', ')} px`, async ({ page }) => {
    test.setTimeout(240_000);
    await logInAs(page, DEMO_ACCOUNTS[type]);
    const routes = [
      ...ROUTES[type].map((route) => `/${type}/${route}`),
      skeletonPath(type, await sessionWithJointData(page, type)),
    ];
    const overflowing: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize(viewportFor(width));
      for (const route of routes) {
        await page.goto(route);
        await settled(page);
        const overflow = await pageOverflow(page);
        if (overflow > 0) overflowing.push(`${route} at ${String(width)} px: ${String(overflow)} px too wide`);
      }
    }
    expect(overflowing).toEqual([]);
  });
}

test('logged-out pages fit every width too', async ({ page }) => {
  const overflowing: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize(viewportFor(width));
    for (const route of ['/login', '/clinician/login', '/admin/login', '/no/such/page']) {
      await page.goto(route);
      await settled(page);
      const overflow = await pageOverflow(page);
      if (overflow > 0) overflowing.push(`${route} at ${String(width)} px: ${String(overflow)} px too wide`);
    }
  }
  expect(overflowing).toEqual([]);
});

/** The open dialog lies wholly inside the window and nothing in it scrolls sideways. */
async function expectDialogFits(page: Page, name: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  const fit = await dialog.evaluate((element) => {
    const frame = (element.parentElement ?? element).getBoundingClientRect();
    return {
      inside:
        frame.left >= 0 && frame.top >= 0 && frame.right <= window.innerWidth && frame.bottom <= window.innerHeight,
      sideways: element.scrollWidth - element.clientWidth,
    };
  });
  expect(fit, `${name} at ${String(page.viewportSize()?.width)} px`).toEqual({ inside: true, sideways: 0 });
}

for (const width of [320, 390, 1024]) {
  test(`dialogs fit the window at ${String(width)} px`, async ({ page }) => {
    // Six page loads, each waiting for its list to settle: more than the default allows on a busy CI machine.
    test.setTimeout(60_000);
    await page.setViewportSize(viewportFor(width));
    await logInAs(page, DEMO_ACCOUNTS.admin);
    const openings: [string, string, (page: Page) => Promise<void>][] = [
      ['/admin/patients?add=patient', 'Add Patient', async () => undefined],
      ['/admin/clinicians?add=clinician', 'Add Clinician', async () => undefined],
      ['/admin/clinics?add=clinic', 'Add Clinic', async () => undefined],
      ['/admin/sessions', 'Add Session', (p) => new SessionsPage(p, 'admin').addSession.click()],
      [
        '/admin/sessions',
        'Create Single Session Report',
        (p) => {
          const sessions = new SessionsPage(p, 'admin');
          return sessions.choose(sessions.rows().first(), 'Report');
        },
      ],
      [
        '/admin/sessions',
        'View Session Files',
        (p) => {
          const sessions = new SessionsPage(p, 'admin');
          return sessions.choose(sessions.rows().first(), 'Files');
        },
      ],
    ];
    for (const [route, name, open] of openings) {
      await page.goto(route);
      await settled(page);
      await open(page);
      await expectDialogFits(page, name);
      await page
        .getByRole('dialog', { name })
        .getByRole('button', { name: /^(Cancel|Close)$/ })
        .click();
    }
  });
}

for (const width of [390, 1024]) {
  test(`the export dialogs fit the window at ${String(width)} px`, async ({ page }) => {
    await page.setViewportSize(viewportFor(width));
    await logInAs(page, DEMO_ACCOUNTS.clinician);
    const sessions = new SessionsPage(page, 'clinician');
    // A session with joint data (its skeleton can be played) has exports.
    const withData = sessions
      .rows()
      .filter({ has: page.getByRole('link', { name: /^Skeleton of /, disabled: false }) })
      .first();
    const openings: [string, string, () => Promise<void>][] = [
      ['/clinician/sessions', 'Export', () => sessions.choose(withData, 'Export')],
      [
        '/clinician/patients',
        'Export FHIR',
        () =>
          page
            .getByRole('button', { name: /^FHIR export of / })
            .first()
            .click(),
      ],
    ];
    for (const [route, name, open] of openings) {
      await page.goto(route);
      await settled(page);
      await open();
      await expectDialogFits(page, name);
      await page.getByRole('dialog', { name }).getByRole('button', { name: 'Close' }).click();
    }
  });
}

for (const width of [320, 390]) {
  test(`phones at ${String(width)} px see readable session and patient cards with their actions`, async ({ page }) => {
    await page.setViewportSize(viewportFor(width));
    await logInAs(page, DEMO_ACCOUNTS.clinician);
    const sessions = new SessionsPage(page, 'clinician');
    await sessions.goto();
    const row = sessions.rows().first();
    for (const part of [
      row.getByRole('rowheader').first(),
      row.getByRole('rowheader').nth(1),
      sessions.menuButton(row),
      sessions.skeletonLink(row),
    ]) {
      await part.scrollIntoViewIfNeeded();
      await expect(part).toBeInViewport({ ratio: 1 });
    }
    // A short card: its values read for themselves, the column names are there for screen readers.
    await expect(row.getByText('Clinician', { exact: true })).toBeAttached();
    expect((await row.boundingBox())?.height ?? 0).toBeLessThan(140);

    const patients = new PatientsPage(page, 'clinician');
    await patients.goto();
    const first = patients.rows().first();
    await expect(first.getByRole('button', { name: /^Edit / })).toBeInViewport({ ratio: 1 });
    // Expanded details stay inside the card: the sessions line and its button are wholly on screen.
    await first.getByRole('button', { name: /^Details of / }).click();
    const sessionsLine = page.getByText(/^(Recorded sessions|There are no recorded sessions for this patient\.)$/);
    await sessionsLine.first().scrollIntoViewIfNeeded();
    await expect(sessionsLine.first()).toBeInViewport({ ratio: 1 });
    expect(await pageOverflow(page)).toBe(0);
  });
}

test('every row action says what it does, in words, on a tablet', async ({ page }) => {
  await logInAs(page, DEMO_ACCOUNTS.admin);
  const sessions = new SessionsPage(page, 'admin');
  await sessions.goto();
  const row = sessions.rows().first();
  // The skeleton, an icon in the row, is named in words for screen readers and in its tooltip.
  await expect(sessions.skeletonLink(row)).toHaveText('Skeleton');
  await expect(sessions.skeletonLink(row)).toHaveAttribute('title', 'Skeleton');
  await expect(sessions.skeletonLink(row)).toBeInViewport({ ratio: 1 });
  // The other actions are words in the row's menu, wholly on screen.
  await sessions.menuButton(row).click();
  const menu = page.getByRole('menu');
  await expect(menu).toHaveAccessibleName(/^Actions for Session /);
  for (const word of ['Report', 'Export', 'Video', 'Keep offline', 'Files', 'Download']) {
    const action = menu.getByRole('menuitem', { name: new RegExp(`^${word}( |$)`) });
    await expect(action).toHaveText(word);
    await expect(action).toBeInViewport({ ratio: 1 });
  }
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  const patients = new PatientsPage(page, 'admin');
  await patients.goto();
  for (const word of ['Edit', 'Delete', 'FHIR'])
    await expect(
      patients
        .rows()
        .first()
        .getByRole('button', { name: new RegExp(`^${word} `) }),
    ).toHaveText(word);
});

for (const size of [
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
]) {
  test(`the skeleton viewer fills the view with its controls on screen at ${String(size.width)}×${String(size.height)}`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await logInAs(page, DEMO_ACCOUNTS.clinician);
    await page.goto(skeletonPath('clinician', await sessionWithJointData(page, 'clinician')));
    const viewer = new SkeletonViewerPage(page);
    await expect(viewer.status).toHaveText('Ready', { timeout: 20_000 });
    // Nothing below the fold: the whole viewer is on screen without scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(true);
    for (const control of [viewer.play, viewer.start, viewer.next, viewer.reset, viewer.timelineTrack])
      await expect(control).toBeInViewport({ ratio: 1 });
    // The canvas takes its box's size when three.js's renderer first measures it, which may follow 'Ready'.
    await expect.poll(async () => (await viewer.canvas.boundingBox())?.height ?? 0).toBeGreaterThan(size.height * 0.28);
    expect((await viewer.canvas.boundingBox())?.width ?? 0).toBeGreaterThan(size.width * 0.8);
  });
}

const LIST_PAGES: [UserType, string][] = [
  ['clinician', 'sessions'],
  ['clinician', 'patients'],
  ['patient', 'sessions'],
  ['admin', 'clinicians'],
  ['admin', 'clinics'],
  ['admin', 'offline'],
  ['admin', 'outbox'],
];

for (const width of [390, 1024]) {
  test(`list pages do not shift while they load at ${String(width)} px (CLS at most 0.1)`, async ({ page }) => {
    // Eight pages with 1.5 s of watching each and three logins: 12 s of waiting by design, which a loaded CI
    // machine stretches too near the default 30 s.
    test.setTimeout(90_000);
    await page.setViewportSize(viewportFor(width));
    await watchLayoutShift(page);
    const shifts: string[] = [];
    for (const type of ['clinician', 'patient', 'admin'] as const) {
      await page.evaluate(() => sessionStorage.clear()).catch(() => undefined);
      await logInAs(page, DEMO_ACCOUNTS[type]);
      for (const [owner, route] of LIST_PAGES) {
        if (owner !== type) continue;
        await page.goto(`/${type}/${route}`);
        await settled(page);
        // Late arrivals (a sync finishing, the unsent-changes count) have a moment to move things, if they do.
        await page.waitForTimeout(1_500);
        const shift = await layoutShift(page);
        if (shift > 0.1) shifts.push(`/${type}/${route}: ${shift.toFixed(3)}`);
      }
    }
    expect(shifts).toEqual([]);
  });
}
