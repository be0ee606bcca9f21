import { expect, test } from '@playwright/test';
import { AppChrome } from './pages/AppChrome.ts';
import { ConfirmDeleteDialog } from './pages/ConfirmDeleteDialog.ts';
import { PatientDialog } from './pages/PatientDialog.ts';
import { PatientsPage } from './pages/PatientsPage.ts';
import { DEMO_ACCOUNTS } from './support/demoAccounts.ts';
import { allRows } from './support/listPages.ts';
import { logInAs } from './support/logIn.ts';

test.describe('a clinic manages a patient (en-US units)', () => {
  // docs/spec.md §5: en-US browsers enter feet and inches, pounds, and month-first dates.
  test.use({ locale: 'en-US' });

  test('adds, finds, filters, expands, edits and deletes a patient', async ({ page }) => {
    const chrome = new AppChrome(page);
    const surname = `Quill${String(Date.now()).slice(-6)}`;
    await logInAs(page, DEMO_ACCOUNTS.clinic);
    const patients = new PatientsPage(page, 'clinic');

    // The home page's Add Patient link opens the dialog directly.
    await page.getByRole('main').getByRole('link', { name: 'Add Patient' }).click();
    await expect(page).toHaveURL(/\/clinic\/patients\?add=patient$/);
    const add = new PatientDialog(page, 'Add Patient');
    await expect(add.dialog).toBeVisible();
    await add.fill({ 'Patient ID': `E2E-${surname}`, Forename: 'Zelda', Surname: surname });
    await add.typeDate('Date of Birth', '03141985');
    await add.chooseOne('Sex', 'Female');
    await add.fill({ 'Height (ft)': '5', 'Height (in)': '7', 'Weight (lb)': '150' });
    await add.chooseMany('Clinicians', 'Amelia Hart');
    await add.chooseCode('ICD', 'spastic diplegic', 'Spastic diplegic cerebral palsy');
    // The login fields stay disabled until the box is ticked (docs/spec.md §4), and look it: greyed and dashed.
    await expect(add.field('Username')).toBeDisabled();
    const look = (label: string) =>
      add
        .field(label)
        .evaluate((input) => [getComputedStyle(input).backgroundColor, getComputedStyle(input).borderStyle].join(' '));
    expect(await look('Username')).not.toBe(await look('Patient ID'));
    expect(await look('Username')).toContain('dashed');
    await add.tick('Add Username and Password');
    await add.fill({ Username: `zelda-${surname.toLowerCase()}`, Password: 'Heel-Strike-42', 'Password Hint': 'gait' });
    await add.button('Add').click();
    await expect(chrome.alert('Patient is successfully added')).toBeVisible();
    await expect(add.dialog).toBeHidden();

    // Search finds it.
    await patients.searchFor(surname);
    await expect(patients.rows()).toHaveCount(1);
    const row = patients.rowWith(surname);
    await expect(row).toContainText('Zelda');
    await expect(row).toContainText('Riverside Gait Laboratory');
    await expect(row).toContainText('Female');

    // Filters find it by sex and ICD, and a non-matching sex hides it.
    await patients.openFilters();
    await patients.chooseSex('Female');
    await patients.chooseCode('spastic diplegic', 'Spastic diplegic cerebral palsy');
    await expect(patients.filtersToggle).toHaveText(/Filters \(2\)/);
    await expect(patients.rowWith(surname)).toBeVisible();
    await patients.chooseSex('Male');
    await expect(patients.emptyText('No Data Matching Filter Found.')).toBeVisible();
    await patients.clearFilters();
    await expect(patients.rowWith(surname)).toBeVisible();

    // The expanded row: id, name, WHO-linked condition, no notes, no sessions.
    await patients.expand(`Zelda ${surname}`).click();
    const details = patients.detailsOf(`E2E-${surname}`);
    await expect(details).toContainText(`E2E-${surname}`);
    await expect(details).toContainText('No notes available.');
    await expect(details).toContainText('There are no recorded sessions for this patient.');
    await expect(details.getByRole('link', { name: 'G80.1' })).toHaveAttribute(
      'href',
      'https://icd.who.int/browse10/2019/en#/G80.1',
    );
    await expect(patients.groupReport).toBeEnabled();

    // Edit: the height comes back in feet and inches; a new forename is saved.
    await patients.edit(`Zelda ${surname}`).click();
    const edit = new PatientDialog(page, 'Edit Patient');
    await expect(edit.field('Height (ft)')).toHaveValue('5');
    await expect(edit.field('Height (in)')).toHaveValue('7');
    // Entered as 150 lb, stored in kg, shown again as exactly what was entered.
    await expect(edit.field('Weight (lb)')).toHaveValue('150');
    // A patient with a login is offered an update of it; an empty password keeps the current one.
    await expect(edit.checkbox('Update Username and Password')).not.toBeChecked();
    await expect(edit.field('Username')).toHaveValue(`zelda-${surname.toLowerCase()}`);
    await expect(edit.dialog.getByText('Leave empty to keep the current password.')).toBeVisible();
    await edit.fill({ Forename: 'Zora' });
    await edit.button('Update').click();
    await expect(chrome.alert('The patient information is successfully updated')).toBeVisible();
    await expect(patients.rowWith(surname)).toContainText('Zora');

    // Delete after typing the full name exactly.
    await patients.delete(`Zora ${surname}`).click();
    const confirm = new ConfirmDeleteDialog(page, 'Delete Patient', `Zora ${surname}`);
    await expect(confirm.deleteButton).toBeDisabled();
    await confirm.confirmation.fill('Zora');
    await expect(confirm.deleteButton).toBeDisabled();
    await confirm.confirmation.fill(`Zora ${surname}`);
    await confirm.deleteButton.click();
    await expect(chrome.alert('The patient has been deleted.')).toBeVisible();
    await expect(patients.emptyText('No Data Matching Filter Found.')).toBeVisible();
  });
});

test('a clinician sees only patients of its clinics or linked to it', async ({ page }) => {
  await logInAs(page, DEMO_ACCOUNTS.clinician);
  const patients = new PatientsPage(page, 'clinician');
  await patients.goto();
  await expect(patients.heading).toBeVisible();
  await expect(patients.rows().first()).toBeVisible();
  // The seed puts GP-1001 and GP-1005 in the clinician's clinic and GP-1002 in another (src/server/seed/demoSeed.ts).
  await patients.searchFor('GP-1001');
  await expect(patients.rowWith('GP-1001')).toBeVisible();
  await patients.searchFor('GP-1005');
  await expect(patients.rowWith('GP-1005')).toBeVisible();
  await patients.searchFor('GP-1002');
  await expect(patients.emptyText('No Data Matching Filter Found.')).toBeVisible();
  // Every patient shown belongs to the clinician's clinic or is linked to the clinician.
  await patients.searchFor('');
  for (const row of await patients.rows().all()) {
    await expect(row).toContainText(/Riverside Gait Laboratory|Amelia Hart/);
  }
});

test('a patient sees only the own record', async ({ page, request }) => {
  const home = await logInAs(page, DEMO_ACCOUNTS.patient);
  for (const shown of ['Olivia Bennett', 'GP-1001', 'Riverside Gait Laboratory', 'Amelia Hart']) {
    await expect(home.detail(shown)).toBeVisible();
  }
  // The browser is not for patients, and the list call refuses their token.
  await page.goto('/patient/patients');
  await expect(page).toHaveURL('/patient/home');
  const token = await new AppChrome(page).storedAccessToken();
  const response = await request.get('/api/patients', {
    params: { UserType: 'patient' },
    headers: { Authorization: `Bearer ${token ?? ''}` },
  });
  expect([403, 404]).toContain(response.status());
});

test("logging out removes the user's mirrored records and vault from the device", async ({ page }) => {
  await logInAs(page, DEMO_ACCOUNTS.clinician);
  const patients = new PatientsPage(page, 'clinician');
  await patients.goto();
  await expect(patients.rows().first()).toBeVisible();
  const mirrors = () =>
    page.evaluate(async () =>
      (await indexedDB.databases())
        .map((db) => db.name ?? '')
        .filter((name) => name.startsWith('gait-portal-') && name !== 'gait-portal-vaults'),
    );
  const vaults = () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('gait-portal-vaults');
          open.onerror = () => reject(new Error('no vault database'));
          open.onsuccess = () => {
            const count = open.result.transaction('vaults').objectStore('vaults').count();
            count.onsuccess = () => {
              resolve(count.result);
              open.result.close();
            };
          };
        }),
    );
  await expect.poll(mirrors).toHaveLength(1);
  expect(await vaults()).toBe(1);
  await new AppChrome(page).logout.click();
  await expect(page).toHaveURL('/login');
  await expect.poll(mirrors).toEqual([]);
  expect(await vaults()).toBe(0);
});

test('an edit started from an older version shows the other change and overwrites nothing', async ({
  page,
  request,
}) => {
  const chrome = new AppChrome(page);
  await logInAs(page, DEMO_ACCOUNTS.admin);
  const patients = new PatientsPage(page, 'admin');
  await patients.goto();
  await patients.searchFor('GP-1003');
  await patients
    .rowWith('GP-1003')
    .getByRole('button', { name: /^Edit / })
    .click();
  const edit = new PatientDialog(page, 'Edit Patient');
  await expect(edit.dialog).toBeVisible();

  // Meanwhile a colleague renames the patient.
  const headers = { Authorization: `Bearer ${(await chrome.storedAccessToken()) ?? ''}` };
  const adminList = { params: { UserType: 'admin' }, headers };
  const all = await allRows<Record<string, unknown>>(request, '/api/patients', 'patients', adminList);
  const record = all.find((p) => p.GivenPatientID === 'GP-1003');
  expect(record).toBeDefined();
  const colleague = await request.post('/api/updatePatient', {
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
    data: { ...record, UserType: 'admin', ID: record?.UniquePatientID, Forename: 'Renamed', Username: undefined },
  });
  expect(colleague.status()).toBe(200);

  await edit.fill({ Surname: 'Mine' });
  await edit.button('Update').click();
  const conflict = edit.dialog.getByRole('alert', { name: 'Conflicting change' });
  await expect(conflict).toContainText('This record was changed by someone else since you opened it.');
  await expect(conflict).toContainText('Renamed');
  // It appears where the user pressed Update, not at the top of the long form.
  await expect(conflict).toBeInViewport();
  await expect(edit.button('Update')).toBeInViewport();
  await conflict.getByRole('button', { name: 'Reload their version' }).click();
  await expect(edit.field('Forename')).toHaveValue('Renamed');
  await edit.button('Update').click();
  await expect(chrome.alert('The patient information is successfully updated')).toBeVisible();
  await expect(patients.rowWith('GP-1003')).toContainText('Renamed');

  // Another rename meets a second edit; giving up on it, the delete asks for the name the patient has now.
  const now = (await allRows<Record<string, unknown>>(request, '/api/patients', 'patients', adminList)).find(
    (p) => p.GivenPatientID === 'GP-1003',
  );
  await patients
    .rowWith('GP-1003')
    .getByRole('button', { name: /^Edit / })
    .click();
  await request.post('/api/updatePatient', {
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
    data: { ...now, UserType: 'admin', ID: now?.UniquePatientID, Forename: 'Again', Username: undefined },
  });
  await edit.fill({ Surname: 'Mine' });
  await edit.button('Update').click();
  await expect(conflict).toContainText('Again');
  await edit.button('Cancel').click();
  await patients
    .rowWith('GP-1003')
    .getByRole('button', { name: /^Delete / })
    .click();
  const confirm = new ConfirmDeleteDialog(page, 'Delete Patient', `Again ${String(now?.Surname)}`);
  await expect(confirm.confirmation).toBeVisible();
  await confirm.dialog.getByRole('button', { name: 'Cancel' }).click();
});

test('Escape on a half-filled Add Patient asks before throwing it away', async ({ page }) => {
  await logInAs(page, DEMO_ACCOUNTS.clinic);
  const patients = new PatientsPage(page, 'clinic');
  await patients.goto();
  // An empty form closes at once.
  await patients.addButton.click();
  const add = new PatientDialog(page, 'Add Patient');
  await expect(add.dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(add.dialog).toBeHidden();

  await patients.addButton.click();
  await add.fill({ 'Patient ID': 'GP-HALF', Forename: 'Half' });
  await page.keyboard.press('Escape');
  const discard = page.getByRole('dialog', { name: 'Discard changes?' });
  await expect(discard).toContainText('What you entered in Add Patient has not been saved.');
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(add.field('Forename')).toHaveValue('Half');
  // Choosing from a list and closing it with Escape is not a request to leave.
  await add.chooseMany('Clinicians', 'Amelia Hart');
  await expect(discard).toBeHidden();
  await expect(add.dialog).toBeVisible();
  await add.field('Forename').press('Escape');
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(add.dialog).toBeHidden();
});

test.describe('a clinician on a metric device', () => {
  test.use({ locale: 'en-GB' });

  test("Add Patient from the home page has the clinician's clinic chosen and adds the patient", async ({ page }) => {
    const home = await logInAs(page, DEMO_ACCOUNTS.clinician);
    await home.link('Add Patient').click();
    const add = new PatientDialog(page, 'Add Patient');
    await expect(add.chips('Clinics')).toContainText('Riverside Gait Laboratory');
    const givenId = `GP-HOME-${String(Date.now()).slice(-6)}`;
    await add.fill({ 'Patient ID': givenId, Forename: 'Homer', Surname: 'Ward' });
    await add.typeDate('Date of Birth', '01021970');
    await add.fill({ 'Height (cm)': '172', 'Weight (kg)': '70' });
    await add.button('Add').click();
    await expect(new AppChrome(page).alert('Patient is successfully added')).toBeVisible();
    const patients = new PatientsPage(page, 'clinician');
    await patients.searchFor(givenId);
    await expect(patients.rows()).toHaveCount(1);
  });

  test("a height of 300 cm is refused in the server's own words and the form stays open", async ({ page }) => {
    const home = await logInAs(page, DEMO_ACCOUNTS.clinician);
    await home.link('Add Patient').click();
    const add = new PatientDialog(page, 'Add Patient');
    await expect(add.chips('Clinics')).toContainText('Riverside Gait Laboratory');
    await add.fill({ 'Patient ID': `GP-TALL-${String(Date.now()).slice(-6)}`, Forename: 'Tal', Surname: 'Ward' });
    await add.typeDate('Date of Birth', '01021970');
    await add.fill({ 'Height (cm)': '300', 'Weight (kg)': '70' });
    await add.button('Add').click();
    await expect(add.error).toHaveText('Error: Height is too large: at most 260 cm');
    await expect(add.dialog).toBeVisible();
    await add.fill({ 'Height (cm)': '180' });
    await add.button('Add').click();
    await expect(new AppChrome(page).alert('Patient is successfully added')).toBeVisible();
  });
});

test.describe('a clinician with en-US units', () => {
  test.use({ locale: 'en-US' });

  test('a height in feet and inches is checked once converted to centimetres', async ({ page }) => {
    const home = await logInAs(page, DEMO_ACCOUNTS.clinician);
    await home.link('Add Patient').click();
    const add = new PatientDialog(page, 'Add Patient');
    await expect(add.chips('Clinics')).toContainText('Riverside Gait Laboratory');
    await add.fill({ 'Patient ID': `GP-FEET-${String(Date.now()).slice(-6)}`, Forename: 'Fay', Surname: 'Ward' });
    await add.typeDate('Date of Birth', '02011970');
    // 9 ft 10 in is 299.7 cm.
    await add.fill({ 'Height (ft)': '9', 'Height (in)': '10', 'Weight (lb)': '150' });
    await add.button('Add').click();
    await expect(add.error).toHaveText('Error: Height is too large: at most 260 cm');
    await add.fill({ 'Height (ft)': '5', 'Height (in)': '10' });
    await add.button('Add').click();
    await expect(new AppChrome(page).alert('Patient is successfully added')).toBeVisible();
  });
});
