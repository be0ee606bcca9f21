import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { AppChrome } from './pages/AppChrome.ts';
import { ReportDialog } from './pages/ReportDialog.ts';
import { SessionsPage } from './pages/SessionsPage.ts';
import type { Session } from '#shared/sessions/session';
import { DEMO_ACCOUNTS } from './support/demoAccounts.ts';
import { seededWithJointData } from './support/layout.ts';
import { addDemoSessions } from './support/demoSessions.ts';
import { logInAs } from './support/logIn.ts';
import { advanceServerClock, SERVER_CLOCK_TAG } from './support/serverClock.ts';
import { EXPIRY_REPORT_LINK_SECONDS, EXPIRY_SERVER } from './support/servers.ts';
import { sessionNumberBase } from './support/sessionNumbers.ts';

// The report writes times in the zone of the device that asked for it, with the offset beside them.
test.use({ timezoneId: 'Europe/Berlin' });

const JOINT_DATA = fileURLToPath(new URL('../fixtures/sessions/walk-joint-data.json', import.meta.url));
// Session numbers of this run, clear of any other spec's sessions on the shared test server.
const base = sessionNumberBase('reports');
const numbers = { first: base, second: base + 1, empty: base + 2 };

test.beforeAll(async ({ browser, request }) => {
  await addDemoSessions(browser, request, [[numbers.first, JOINT_DATA], [numbers.second, JOINT_DATA], [numbers.empty]]);
});

async function openSessions(page: Page): Promise<SessionsPage> {
  await logInAs(page, DEMO_ACCOUNTS.clinician);
  const sessions = new SessionsPage(page, 'clinician');
  await sessions.goto();
  await expect(sessions.row(numbers.first)).toBeVisible();
  return sessions;
}

test('a clinician makes a single-session report and opens its table view and pie chart', async ({ page, context }) => {
  const sessions = await openSessions(page);
  // A session without report data cannot be ticked.
  await expect(sessions.row(numbers.empty).getByRole('checkbox')).toBeDisabled();
  await sessions.select(sessions.row(numbers.first));
  await sessions.singleReport.click();

  const report = new ReportDialog(page, 'Create Single Session Report');
  await expect(report.dialog).toBeVisible();
  // Nothing happens without a metric.
  await report.infer.click();
  await expect(report.dialog).toBeVisible();
  await report.chooseMetrics(['Speed', 'Cadence', 'Stance/Swing Phase Percentage']);
  await report.infer.click();
  await expect(page.getByRole('dialog', { name: 'Report Generated' })).toBeVisible();

  const [table] = await Promise.all([context.waitForEvent('page'), report.button('Table View').click()]);
  await expect(table.getByRole('heading', { name: 'Single Session Gait Report' })).toBeVisible();
  await expect(table.getByRole('row', { name: /Walking speed \(m\/s\) 1\.\d\d/ })).toBeVisible();
  await expect(table.getByText('Cadence (steps/min)')).toBeVisible();
  await expect(table.getByText('Step count')).toHaveCount(0);
  await expect(
    table.getByText(
      /Olivia Bennett \(GP-1001\): (female|male|other|sex not recorded), (\d+ years old at the recording|age not recorded)/,
    ),
  ).toBeVisible();
  await expect(table.getByText(/Recorded/)).toBeVisible();
  await expect(table.getByText(/\d\d\/\d\d\/\d{4} \d\d:\d\d \(UTC\+0[12]:00\)/).first()).toBeVisible();

  const pdfResponse = context.waitForEvent('response', (r) => r.url().includes('.pdf?'));
  await report.button('Pie Chart').click();
  const pdf = await pdfResponse;
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
});

test('a multi-session report shows the trend of each metric in the app', async ({ page }) => {
  const sessions = await openSessions(page);
  await sessions.select(sessions.row(numbers.first));
  await sessions.select(sessions.row(numbers.second));
  await sessions.multiReport.click();
  const report = new ReportDialog(page, 'Create Multi Session Report');
  await report.chooseMetrics(['Speed']);
  await report.infer.click();
  const generated = page.getByRole('dialog', { name: 'Report Generated' });
  await expect(generated.getByRole('button', { name: 'View Report' })).toBeVisible();
  await expect(generated.getByRole('button', { name: 'Pie Chart' })).toHaveCount(0);
  await expect(generated.getByRole('img', { name: 'Walking speed trend' })).toBeVisible();
});

test("a row's report button starts a single-session report of that row, whatever is ticked", async ({ page }) => {
  const sessions = await openSessions(page);
  const chrome = new AppChrome(page);
  // The row's own report button always asks for that one session; the footer's buttons follow the selection.
  await sessions.select(sessions.row(numbers.first));
  await sessions.select(sessions.row(numbers.second));
  await expect(sessions.singleReport).toBeDisabled();
  await sessions.choose(sessions.row(numbers.second), 'Report');
  await expect(page.getByRole('dialog', { name: 'Create Single Session Report' })).toBeVisible();
  await expect(chrome.alert('Please select only a single session.')).toHaveCount(0);
});

test('when the server cannot be reached, the report is built on the device from the joint data', async ({
  page,
  context,
}) => {
  const sessions = await openSessions(page);
  await page.route('**/api/generate-report', (route) => route.abort('internetdisconnected'));
  await sessions.select(sessions.row(numbers.first));
  await sessions.singleReport.click();
  const report = new ReportDialog(page, 'Create Single Session Report');
  await report.chooseMetrics(['Speed']);
  await report.infer.click();
  const generated = page.getByRole('dialog', { name: 'Report Generated' });
  await expect(generated).toContainText('made on this device');
  const [local] = await Promise.all([
    context.waitForEvent('page'),
    generated.getByRole('button', { name: 'View Report' }).click(),
  ]);
  await expect(local.getByRole('heading', { name: 'Single Session Gait Report' })).toBeVisible();
  // Signed by the clinician's name from the device's own lists, as the server signs it.
  await expect(local.getByText(/by Amelia Hart, clinician \(on this device, offline\)/)).toBeVisible();
});

test.describe('an expired report link', { tag: SERVER_CLOCK_TAG }, () => {
  test.use({ baseURL: EXPIRY_SERVER });

  test('says the link has expired and leads back to the sessions with the patient chosen', async ({ page }) => {
    await logInAs(page, DEMO_ACCOUNTS.clinician);
    const token = await page.evaluate(() => window.sessionStorage.getItem('access_token'));
    const headers = { Authorization: `Bearer ${token ?? ''}` };
    const listed = await page.request.get('/api/sessions', { params: { UserType: 'clinician' }, headers });
    const { sessions } = (await listed.json()) as { sessions: Session[] };
    const session = seededWithJointData(sessions);
    if (!session) throw new Error('The demo clinician should have a session with joint data.');
    const generated = await page.request.post('/api/generate-report', {
      headers,
      data: {
        UserType: 'clinician',
        patientIDs: [session.UniquePatientID],
        sessionIDs: [session.SessionID],
        subSessionIDs: [session.SubSessionID],
        clinicianIDs: [session.ClinicianID],
        metrics: ['Speed'],
        report_type: 'session',
      },
    });
    const { htmlPath } = (await generated.json()) as { htmlPath: string };
    await page.goto(htmlPath);
    await expect(page.getByRole('heading', { name: 'Single Session Gait Report' })).toBeVisible();
    // Just inside its lifetime the link still opens the report; a second past it, it has expired.
    await advanceServerClock(EXPIRY_REPORT_LINK_SECONDS - 30);
    await page.goto(htmlPath);
    await expect(page.getByRole('heading', { name: 'Single Session Gait Report' })).toBeVisible();
    await advanceServerClock(31);
    await page.goto(htmlPath);
    await expect(page.getByRole('heading', { name: 'This report link has expired' })).toBeVisible();
    await page.getByRole('link', { name: 'Generate the report again' }).click();
    // The link leads to the session browser with the patient chosen (the login outlives the link).
    await expect(page).toHaveURL(`/clinician/sessions?patient=${session.UniquePatientID}`);
    await expect(new SessionsPage(page, 'clinician').heading).toBeVisible();
  });
});
