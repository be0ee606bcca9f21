import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { AuditLogPage } from './pages/AuditLogPage.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './support/demoAccounts.ts';
import { pageOverflow } from './support/layout.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { logInAs } from './support/logIn.ts';

// A reader away from UTC: the log's times are theirs, not the server's.
const READER_ZONE = 'America/New_York';
test.use({ timezoneId: READER_ZONE, locale: 'en-US' });

/**
 * Today's date in the reader's zone, as a Date whose local fields (in the runner's zone) are that day: from 19:00 to
 * midnight in New York the runner's UTC clock is already on the next day.
 */
function todayWhereTheBrowserIs(): Date {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: READER_ZONE, dateStyle: 'short' }).format(new Date());
  const [year = 0, month = 1, day = 1] = parts.split('-').map(Number);
  return new Date(year, month - 1, day);
}

const VIEWPORTS = [
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
] as const;

/** The admin's own calls, as the app makes them, with the token the login keeps. */
async function asAdmin(page: Page) {
  const token = await page.evaluate(() => sessionStorage.getItem('access_token'));
  const headers = { Authorization: `Bearer ${token ?? ''}` };
  return {
    get: async (url: string) => {
      const response = await page.request.get(url, { headers });
      expect(response.ok(), url).toBe(true);
      return (await response.json()) as Record<string, unknown>;
    },
  };
}

/** The demo clinician opens a patient, through the API with a login of their own. */
async function readAsClinician(page: Page, patientId: string): Promise<void> {
  const login = await page.request.post('/api/clinicianLogin', {
    data: { username: DEMO_ACCOUNTS.clinician.username, password: DEMO_PASSWORD },
  });
  const { Data } = (await login.json()) as { Data: { AccessToken: string } };
  const read = await page.request.get(`/api/patient?PatientID=${patientId}&UserType=clinician`, {
    headers: { Authorization: `Bearer ${Data.AccessToken}` },
  });
  expect(read.status()).toBeLessThan(500);
}

async function openAuditLog(page: Page): Promise<AuditLogPage> {
  const home = await logInAs(page, DEMO_ACCOUNTS.admin);
  await home.link('Audit Log').click();
  await expect(page).toHaveURL('/admin/audit-log');
  const log = new AuditLogPage(page);
  await expect(log.rows.first()).toBeVisible();
  return log;
}

for (const viewport of VIEWPORTS) {
  const size = `${String(viewport.width)}×${String(viewport.height)}`;

  test.describe(`at ${size}`, () => {
    test.use({ viewport });

    test('the admin filters the log by person, patient, action, outcome and days, and exports the view', async ({
      page,
    }) => {
      const log = await openAuditLog(page);
      await expect(page.getByText("Times are in this device's time zone (America/New_York).")).toBeVisible();
      // Local times, to the second, in the reader's date order; never UTC's '…Z'.
      await expect(log.rows.first().getByRole('rowheader')).toHaveText(/^(Time)?\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/);

      // Three reads of the demo patient by the admin, through the API the app uses.
      const admin = await asAdmin(page);
      const { patients } = (await admin.get('/api/patients?UserType=admin')) as {
        patients: { UniquePatientID: string; Forename: string; Surname: string }[];
      };
      const olivia = patients.find((p) => p.Forename === 'Olivia' && p.Surname === 'Bennett');
      if (olivia === undefined) throw new Error('the demo seed has no Olivia Bennett');
      for (let i = 0; i < 3; i += 1) await admin.get(`/api/patient?PatientID=${olivia.UniquePatientID}&UserType=admin`);
      // Entries each filter must leave out: another person's read of her, another patient, another action.
      await readAsClinician(page, olivia.UniquePatientID);
      const other = patients.find((p) => p.UniquePatientID !== olivia.UniquePatientID);
      await admin.get(`/api/patient?PatientID=${other?.UniquePatientID ?? ''}&UserType=admin`);
      await admin.get(`/api/patientSessions?id=${olivia.UniquePatientID}&UserType=admin`);

      await log.search('Person', 'demo-admin');
      await log.search('Patient', 'Olivia Bennett');
      await log.choose('Action', 'Opened a patient');
      await log.choose('Outcome', 'Success');
      await expect(page.getByRole('button', { name: 'Filters (4)' })).toBeVisible();
      // Only the admin's reads of Olivia: at least the three just made, each naming her.
      await expect(async () => {
        const texts = await log.rows.allInnerTexts();
        expect(texts.length).toBeGreaterThanOrEqual(3);
        for (const text of texts) {
          expect(text).toMatch(/demo-admin\s*· Administrator/);
          expect(text).toContain('Opened a patient');
          expect(text).toMatch(/Olivia Bennett \(GP-\d+\)/);
          expect(text).toContain('Success');
        }
      }).toPass();
      const shown = await log.rows.count();
      await expect(log.count).toHaveText(`Showing ${String(shown)} entries, newest first.`);

      // Names carry their ids: on hover (title), and in the row's details for every reader.
      const first = log.rows.first();
      await expect(first.getByText('Olivia Bennett', { exact: false })).toHaveAttribute(
        'title',
        `ID: ${olivia.UniquePatientID}`,
      );
      await first.getByRole('button', { name: /^Details of entry \d+/ }).click();
      await expect(page.getByText(`ID: ${olivia.UniquePatientID}`, { exact: true })).toBeVisible();

      if (viewport.width < 600) {
        // Phone cards: every field is there, labelled, and nothing runs off the side.
        for (const label of ['Person', 'Action', 'Records', 'Outcome', 'Address']) {
          await expect(first.getByText(label, { exact: true })).toBeVisible();
        }
        await expect(first.getByText('Opened a patient')).toBeInViewport();
        expect(await pageOverflow(page)).toBe(0);
      }
      await expectNoAxeViolations(page);

      // The CSV holds exactly the rows on screen, with names, ids and both times.
      const saved = page.waitForEvent('download');
      await log.exportCsv.click();
      const download = await saved;
      expect(download.suggestedFilename()).toMatch(/^audit-log_[\dT-]+Z\.csv$/);
      const lines = readFileSync(await download.path(), 'utf8')
        .split('\r\n')
        .filter(Boolean);
      expect(lines[0]).toBe(
        'Entry,Time (UTC),Time (America/New_York),Person,Person ID,Role,Action,Action code,Records,Record IDs,Outcome,Address,Target',
      );
      expect(lines.slice(1)).toHaveLength(shown);
      for (const line of lines.slice(1)) {
        expect(line).toContain(',demo-admin,');
        expect(line).toContain(',Administrator,Opened a patient,patient.read,Olivia Bennett (GP-');
        expect(line).toContain(`,patient:${olivia.UniquePatientID},Success,`);
      }

      // None of her reads by the admin was refused.
      await log.choose('Outcome', 'Denied');
      await expect(page.getByText('No Data Matching Filter Found.')).toBeVisible();
      await log.choose('Outcome', 'Success');
      await expect(log.count).toHaveText(new RegExp(`^Showing (${String(shown)}|${String(shown + 1)}) entries`));

      // Days in the device's zone: nothing from tomorrow on, the same rows up to today.
      const today = todayWhereTheBrowserIs();
      await log.typeDay('From', new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1));
      await expect(page.getByText('No Data Matching Filter Found.')).toBeVisible();
      await log.typeDay('From', today);
      await log.typeDay('To', today);
      await expect(log.count).toHaveText(new RegExp(`^Showing (${String(shown)}|${String(shown + 1)}) entries`));
      await expectNoAxeViolations(page);
    });

    test('older entries come a page at a time with Load more, none twice', async ({ page }) => {
      const log = await openAuditLog(page);
      // More reads of the log than one page holds.
      const admin = await asAdmin(page);
      for (let i = 0; i < 55; i += 1) await admin.get('/api/auditEvents?UserType=admin&limit=1');
      await log.choose('Action', 'Read the audit log');
      // The first page of the filtered view: every row a read of the log, and a full page of them.
      await expect(async () => {
        const texts = await log.rows.allInnerTexts();
        expect(texts).toHaveLength(50);
        for (const text of texts) expect(text).toContain('Read the audit log');
      }).toPass();
      await expect(log.count).toHaveText('Showing 50 entries, newest first.');
      await log.loadMore.click();
      await expect.poll(() => log.rows.count()).toBeGreaterThan(50);
      const names = await log.rows
        .getByRole('button', { name: /^Details of entry \d+/ })
        .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
      const entries = names.map((name) => Number(/entry (\d+)/.exec(name)?.[1]));
      expect(entries.length).toBeGreaterThan(50);
      expect(entries).toEqual([...entries].sort((a, b) => b - a));
      expect(new Set(entries).size).toBe(entries.length);
    });
  });
}

test('the audit log is not for other roles', async ({ page }) => {
  await logInAs(page, DEMO_ACCOUNTS.clinician);
  await page.goto('/admin/audit-log');
  await expect(page).toHaveURL('/clinician/home');
});
