import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { readC3d } from '#shared/c3d/readC3d';
import { PatientsPage } from './pages/PatientsPage.ts';
import { SessionsPage } from './pages/SessionsPage.ts';
import { DEMO_ACCOUNTS } from './support/demoAccounts.ts';
import { addDemoSessions } from './support/demoSessions.ts';
import { logInAs } from './support/logIn.ts';
import { sessionNumberBase } from './support/sessionNumbers.ts';

const JOINT_DATA = fileURLToPath(new URL('../fixtures/sessions/walk-joint-data.json', import.meta.url));
// Session numbers of this run, clear of any other spec's sessions on the shared test server.
const base = sessionNumberBase('exports');
const numbers = { first: base, second: base + 1 };

test.beforeAll(async ({ browser, request }) => {
  await addDemoSessions(browser, request, [
    [numbers.first, JOINT_DATA],
    [numbers.second, JOINT_DATA],
  ]);
});

const text = async (download: Download) => readFileSync(await download.path(), 'utf8');
const lines = (content: string) => content.split('\r\n').filter(Boolean);

/** Ticks or clears a format by its label, as a user taps it (the box itself is drawn over the input). */
async function toggle(dialog: Locator, label: string): Promise<void> {
  const box = dialog.getByRole('checkbox', { name: label });
  const was = await box.isChecked();
  await dialog.getByText(label, { exact: true }).click();
  await expect(box).toBeChecked({ checked: !was });
}

/** Presses a button and answers the file the browser saved. */
async function saved(page: Page, button: Locator): Promise<Download> {
  const download = page.waitForEvent('download');
  await button.click();
  return download;
}

async function openSessions(page: Page, account: typeof DEMO_ACCOUNTS.clinician): Promise<SessionsPage> {
  await logInAs(page, account);
  const sessions = new SessionsPage(page, account.type);
  await sessions.goto();
  await expect(sessions.row(numbers.first)).toBeVisible();
  return sessions;
}

test("a clinician exports one session's metrics, events and C3D, and its patient's FHIR Bundle", async ({ page }) => {
  const sessions = await openSessions(page, DEMO_ACCOUNTS.clinician);
  await sessions.choose(sessions.row(numbers.first), 'Export');
  const dialog = page.getByRole('dialog', { name: 'Export' });
  await expect(dialog.getByText(`Session ${String(numbers.first)}.1 of Olivia Bennett (GP-1001)`)).toBeVisible();
  const name = `GP-1001_session-${String(numbers.first)}.1`;

  const metrics = await saved(page, dialog.getByRole('button', { name: 'Download', exact: true }));
  expect(metrics.suggestedFilename()).toBe(`${name}_metrics.csv`);
  const metricsLines = lines(await text(metrics));
  expect(metricsLines[0]).toMatch(/^patient_id,session,sub_session,date_time,bout,side,speed_m_per_s,/);
  expect(metricsLines[1]).toMatch(new RegExp(`^GP-1001,${String(numbers.first)},1,[^,]+,session,both,1\\.\\d+,`));
  await expect(dialog.getByRole('status')).toHaveText(`Saved ${name}_metrics.csv.`);

  await toggle(dialog, 'Gait metrics per side (CSV)');
  await toggle(dialog, 'Heel strikes and toe offs (CSV)');
  const events = await saved(page, dialog.getByRole('button', { name: 'Download', exact: true }));
  expect(events.suggestedFilename()).toBe(`${name}_events.csv`);
  const eventLines = lines(await text(events));
  expect(eventLines[0]).toBe('patient_id,session,sub_session,date_time,bout,side,event,time_s');
  expect(eventLines.length).toBeGreaterThan(10);

  await toggle(dialog, 'Heel strikes and toe offs (CSV)');
  await toggle(dialog, 'Joints with gait events (C3D)');
  const c3d = await saved(page, dialog.getByRole('button', { name: 'Download', exact: true }));
  expect(c3d.suggestedFilename()).toBe(`${name}_joints.c3d`);
  const read = readC3d(new Uint8Array(readFileSync(await c3d.path())));
  if (!read.ok) throw new Error(read.error);
  expect(read.file.points.labels).toHaveLength(20);
  // Every heel strike and toe off of events.csv is a C3D event.
  expect(read.file.events).toHaveLength(eventLines.length - 1);

  const fhir = await saved(page, dialog.getByRole('button', { name: 'Download FHIR Bundle' }));
  expect(fhir.suggestedFilename()).toBe('GP-1001_fhir.json');
  const bundle = JSON.parse(await text(fhir)) as {
    resourceType: string;
    entry: { resource: { note?: { text: string }[] } }[];
  };
  expect(bundle.resourceType).toBe('Bundle');
  const notes = bundle.entry.flatMap((e) => e.resource.note?.map((n) => n.text) ?? []);
  expect(notes).toContain(`Session ${String(numbers.first)}.1`);
});

test('a selection of sessions exports as one zip with an index.csv', async ({ page }) => {
  const sessions = await openSessions(page, DEMO_ACCOUNTS.clinician);
  await sessions.select(sessions.row(numbers.first));
  await sessions.select(sessions.row(numbers.second));
  await page.getByRole('button', { name: 'Export Selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export' });
  await expect(dialog.getByText('2 sessions')).toBeVisible();
  await toggle(dialog, 'Gait cycles (CSV)');
  const zipped = await saved(page, dialog.getByRole('button', { name: 'Download', exact: true }));
  expect(zipped.suggestedFilename()).toBe('GP-1001_sessions.zip');
  const files = unzipSync(new Uint8Array(readFileSync(await zipped.path())));
  const expected = [numbers.first, numbers.second].flatMap((n) => [
    `GP-1001_session-${String(n)}.1_metrics.csv`,
    `GP-1001_session-${String(n)}.1_cycles.csv`,
  ]);
  expect(Object.keys(files).sort()).toEqual([...expected, 'index.csv'].sort());
  const index = lines(new TextDecoder().decode(files['index.csv']));
  expect(index[0]).toBe('patient_id,session,sub_session,date_time,test,file');
  expect(index.slice(1).map((l) => l.split(',').at(-1))).toEqual(expected);
  const cycles = lines(new TextDecoder().decode(files[expected[1] ?? '']));
  expect(cycles[0]).toMatch(/^patient_id,session,sub_session,date_time,bout,side,cycle,heel_strike_s,/);
});

test('a patient exports their own session, and an export without the network says it needs it', async ({
  page,
  context,
}) => {
  const sessions = await openSessions(page, DEMO_ACCOUNTS.patient);
  await sessions.choose(sessions.row(numbers.second), 'Export');
  const dialog = page.getByRole('dialog', { name: 'Export' });
  const metrics = await saved(page, dialog.getByRole('button', { name: 'Download', exact: true }));
  expect(metrics.suggestedFilename()).toBe(`GP-1001_session-${String(numbers.second)}.1_metrics.csv`);

  await context.setOffline(true);
  await dialog.getByRole('button', { name: 'Download FHIR Bundle' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Exports are made by the server: connect to the network and try again.',
  );
  await context.setOffline(false);
});

test("staff export a patient's FHIR Bundle from the patient list", async ({ page }) => {
  await logInAs(page, DEMO_ACCOUNTS.clinic);
  const patients = new PatientsPage(page, 'clinic');
  await patients.goto();
  await patients
    .rowWith('GP-1001')
    .getByRole('button', { name: /^FHIR export of / })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Export FHIR' });
  const fhir = await saved(page, dialog.getByRole('button', { name: 'Download FHIR Bundle' }));
  expect(fhir.suggestedFilename()).toBe('GP-1001_fhir.json');
  const bundle = JSON.parse(await text(fhir)) as {
    entry: { resource: { resourceType: string; identifier?: { value: string }[] } }[];
  };
  const patient = bundle.entry.find((e) => e.resource.resourceType === 'Patient')?.resource;
  expect(patient?.identifier?.[0]?.value).toBe('GP-1001');
});
