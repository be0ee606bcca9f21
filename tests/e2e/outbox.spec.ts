import { expect, test, type APIRequestContext, type BrowserContext, type Page, type Response } from '@playwright/test';
import { AppChrome } from './pages/AppChrome.ts';
import { OutboxPage, PatientApi } from './pages/OutboxPage.ts';
import { PatientDialog } from './pages/PatientDialog.ts';
import { PatientsPage } from './pages/PatientsPage.ts';
import { AddSessionDialog } from './pages/SessionDialogs.ts';
import { DEMO_ACCOUNTS } from './support/demoAccounts.ts';
import { logInAs } from './support/logIn.ts';

// A sync queue that never loses work. The clinic admin edits while the network is cut.

const abortApi = (page: Page) => page.route('**/api/**', (route) => route.abort('internetdisconnected'));

async function cutNetwork(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await abortApi(page);
}

async function reconnect(context: BrowserContext, page: Page): Promise<void> {
  await page.unrouteAll({ behavior: 'wait' });
  // Offline then online again, so the page gets a real `online` event whatever state it was in.
  await context.setOffline(true);
  await context.setOffline(false);
}

async function setUp(page: Page, request: APIRequestContext) {
  await logInAs(page, DEMO_ACCOUNTS.clinic);
  const outbox = new OutboxPage(page, 'clinic');
  const api = new PatientApi(request, await outbox.accessToken(), 'clinic');
  const surname = `Outbox${String(Date.now()).slice(-7)}`;
  const patient = await api.add(`OB-${surname}`, surname);
  const patients = new PatientsPage(page, 'clinic');
  await patients.goto();
  await patients.searchFor(surname);
  await expect(patients.rowWith(surname)).toBeVisible();
  return { outbox, api, patient, patients, surname };
}

async function editOffline(page: Page, patients: PatientsPage, surname: string, values: Record<string, string>) {
  await patients.edit(`Outbox ${surname}`).click();
  const edit = new PatientDialog(page, 'Edit Patient');
  await edit.fill(values);
  await edit.button('Update').click();
  // Saved, not failed: the dialog closes and says the change will be sent.
  await expect(new AppChrome(page).alert('Saved on this device')).toBeVisible();
  await expect(edit.dialog).toBeHidden();
}

/** A patient of the test's own, edited with the network cut: the change waits in the outbox. */
async function editedOffline(
  page: Page,
  context: BrowserContext,
  request: APIRequestContext,
  values: Record<string, string>,
) {
  const set = await setUp(page, request);
  await cutNetwork(context, page);
  await editOffline(page, set.patients, set.surname, values);
  return set;
}

// Page routes do not see every request a page sends through its service worker, so a send meant to be cut could
// reach the server. The worker is blocked here: the outbox lives in IndexedDB and needs none.
test.describe('with the service worker blocked', () => {
  test.use({ serviceWorkers: 'block' });

  test('an edit made offline survives a reload and is applied exactly once on reconnecting', async ({
    page,
    context,
    request,
  }) => {
    const { outbox, api, patient, patients, surname } = await setUp(page, request);
    // Every answer the page gets to an updatePatient (a request the route aborts gets none).
    const answered: Response[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/updatePatient') answered.push(response);
    });
    await cutNetwork(context, page);
    await editOffline(page, patients, surname, { 'User Notes': 'Written on the ward without Wi-Fi' });
    await expect(outbox.offlineBadge).toBeVisible();
    await expect(outbox.unsentLink(1)).toBeVisible();

    // Online, but the server still cannot be reached: the entry stays, also across a reload.
    await context.setOffline(false);
    await outbox.fireOnline();
    await page.reload();
    await expect(outbox.unsentLink(1)).toBeVisible();
    await outbox.unsentLink(1).click();
    await expect(outbox.row(`Edit patient OB-${surname}`)).toContainText('queued');
    expect((await api.get(patient.UniquePatientID)).Notes).toBe(patient.Notes);

    // Reconnected, with the body of every send kept (Playwright gives a fetch's body only to a route).
    const bodies: string[] = [];
    await page.unrouteAll({ behavior: 'wait' });
    await page.route('**/api/updatePatient', async (route) => {
      bodies.push(route.request().postData() ?? '');
      await route.continue();
    });
    await context.setOffline(true);
    await context.setOffline(false);
    await expect(outbox.unsentLink()).toBeHidden({ timeout: 15_000 });
    await expect(outbox.offlineBadge).toBeHidden();
    const applied = await api.get(patient.UniquePatientID);
    expect(applied.Notes).toBe('Written on the ward without Wi-Fi');
    expect(applied.DateModified).not.toBe(patient.DateModified);
    // The server answered one send: the one that applied it.
    expect(answered.map((response) => response.status())).toEqual([200]);
    // The same request again, as a resend after a lost answer is: the server answers from the first answer and
    // changes nothing (without the key, the body, based on the old version, would be refused as a stale edit).
    const key = (await answered[0]?.request().allHeaders())?.['idempotency-key'];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(bodies).toHaveLength(1);
    // An edit of the notes leaves the measures as stored, though the form showed them in feet and pounds.
    expect(JSON.parse(bodies[0] ?? '{}')).toMatchObject({ Height: patient.Height, Weight: patient.Weight });
    const replay = await api.resend(bodies[0] ?? '', key ?? '');
    expect(replay.status(), await replay.text()).toBe(200);
    expect(replay.headers()['idempotent-replayed']).toBe('true');
    expect((await api.get(patient.UniquePatientID)).DateModified).toBe(applied.DateModified);
  });
});

test("a conflicting edit shows both versions and 'Keep mine' wins on the server", async ({
  page,
  context,
  request,
}) => {
  const { outbox, api, patient, surname } = await editedOffline(page, context, request, { Forename: 'Mine' });
  // Meanwhile a colleague changes the same patient.
  await api.update(patient, {
    Forename: 'Outbox',
    Surname: surname,
    DOB: '1980-01-02',
    Height: 170,
    Weight: 70,
    Notes: 'Changed by a colleague',
  });

  await reconnect(context, page);
  await outbox.unsentLink(1).click();
  const row = outbox.row(`Edit patient OB-${surname}`);
  await expect(row).toContainText('conflict');
  await outbox.button(row, 'Resolve').click();
  await expect(outbox.conflictDialog).toBeVisible();
  await expect(outbox.conflictRow('Forename')).toContainText('Mine');
  await expect(outbox.conflictRow('Forename')).toContainText('Outbox');
  await expect(outbox.conflictRow('Forename')).toHaveClass(/conflict-table__differs/);
  await expect(outbox.conflictRow('Notes')).toContainText('Changed by a colleague');
  await outbox.conflictDialog.getByRole('button', { name: 'Keep mine' }).click();
  await expect(outbox.conflictDialog).toBeHidden();
  await expect(outbox.unsentLink()).toBeHidden();
  await expect.poll(async () => (await api.get(patient.UniquePatientID)).Forename).toBe('Mine');
});

test('a change the server refuses is shown as failed with its message and kept until discarded', async ({
  page,
  request,
}) => {
  const { outbox, patient } = await setUp(page, request);
  await outbox.goto();
  await outbox.queueRaw({
    call: 'updatePatient',
    recordKey: patient.UniquePatientID,
    body: {
      ...Object.fromEntries(
        ['Forename', 'Surname', 'DOB', 'Height', 'Weight', 'GivenPatientID', 'DateModified'].map((field) => [
          field,
          patient[field],
        ]),
      ),
      UserType: 'clinic',
      ID: patient.UniquePatientID,
      Notes: 'x'.repeat(5001),
    },
  });
  await outbox.fireOnline();
  const row = outbox.row(`Edit patient ${String(patient.GivenPatientID)}`);
  await expect(row).toContainText('failed: Notes is too long');
  await page.reload();
  await expect(row).toContainText('failed: Notes is too long');

  // Logging out would delete it: the user is asked first.
  await outbox.logoutButton.click();
  await expect(outbox.confirmDialog).toContainText('You have 1 unsent change. Log out anyway?');
  await outbox.confirmDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();

  await outbox.button(row, 'Discard').click();
  await outbox.confirmDialog.getByRole('button', { name: 'Discard' }).click();
  await expect(outbox.table).toBeHidden();
  await expect(page.getByText('Every change has reached the server.')).toBeVisible();
});

test('the network coming back while a send is failing sends the change at once, not on the next timer', async ({
  page,
  context,
  request,
}) => {
  const notes = { 'User Notes': 'Sent as soon as the ward Wi-Fi came back' };
  const { outbox, api, patient } = await editedOffline(page, context, request, notes);
  await expect(outbox.unsentLink(1)).toBeVisible();

  // The first send after reconnecting is held until the `online` event has come, then fails as on a dead link;
  // any later send goes through.
  let held: (() => void) | undefined;
  const reached = new Promise<void>((resolve) => {
    held = resolve;
  });
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let first = true;
  await page.unrouteAll({ behavior: 'wait' });
  await page.route('**/api/updatePatient', async (route) => {
    if (!first) return route.continue();
    first = false;
    held?.();
    await released;
    return route.abort('internetdisconnected');
  });
  await context.setOffline(false);
  await outbox.fireOnline();
  await reached;
  // The browser's `online` event arrives while that send is still under way.
  await outbox.fireOnline();
  release();

  // Once the drain under way has finished, nothing waits: the event asked for one more pass, and it sent the change.
  await outbox.drained();
  expect(await outbox.waitingCount()).toBe(0);
  expect((await api.get(patient.UniquePatientID)).Notes).toBe('Sent as soon as the ward Wi-Fi came back');
});

test('a patient added offline is listed and can be picked for a session, marked not yet sent, until it is sent', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(60_000);
  await logInAs(page, DEMO_ACCOUNTS.admin);
  const outbox = new OutboxPage(page, 'admin');
  const api = new PatientApi(request, await outbox.accessToken(), 'admin');
  const patients = new PatientsPage(page, 'admin');
  await patients.goto();
  await expect(patients.heading).toBeVisible();
  const surname = `Ward${String(Date.now()).slice(-7)}`;
  const givenId = `OFF-${surname}`;

  // The form is filled on the ward (the clinics to choose from are mirrored); the Wi-Fi is gone by the time Add is pressed.
  await patients.addButton.click();
  const add = new PatientDialog(page, 'Add Patient');
  await add.fill({ 'Patient ID': givenId, Forename: 'Nadia', Surname: surname });
  await add.typeDate('Date of Birth', '01021970');
  await add.fill({ 'Height (ft)': '5', 'Height (in)': '7', 'Weight (lb)': '150' });
  await add.chooseMany('Clinics', 'Riverside Gait Laboratory');
  await cutNetwork(context, page);
  await add.button('Add').click();
  const chrome = new AppChrome(page);
  await expect(chrome.alert('Saved on this device')).toBeVisible();
  await expect(add.dialog).toBeHidden();
  // Queued is not an error: nothing on the page says something went wrong.
  await expect(page.getByText('Some error occurred')).toHaveCount(0);

  // The list shows the new patient at once, marked as waiting to be sent.
  await patients.searchFor(surname);
  const row = patients.rowWith(surname);
  await expect(row).toBeVisible();
  await expect(row.getByText('Not yet sent')).toBeVisible();

  // Add Session offers it in its patient picker, with the same mark.
  await chrome.openNavigation.click();
  await chrome.drawer.getByRole('link', { name: 'Sessions' }).click();
  await page.getByRole('button', { name: 'Add Session' }).click();
  const addSession = new AddSessionDialog(page);
  await addSession.picker('Patient').fill(surname);
  await expect(page.getByRole('option', { name: new RegExp(`${surname}.*Not yet sent`) })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');

  // Online again, the patient is sent and the mark goes.
  await reconnect(context, page);
  await expect(outbox.unsentLink()).toBeHidden({ timeout: 15_000 });
  await expect.poll(async () => (await api.list()).some((p) => p.GivenPatientID === givenId)).toBe(true);
  await patients.goto();
  await patients.searchFor(surname);
  await expect(patients.rowWith(surname)).toBeVisible();
  await expect(patients.rowWith(surname).getByText('Not yet sent')).toHaveCount(0);
});
