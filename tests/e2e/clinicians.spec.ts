import { expect, test } from '@playwright/test';
import { MESSAGES, recordMessages } from '#shared/messages';
import { AppChrome } from './pages/AppChrome.ts';
import { ConfirmDeleteDialog } from './pages/ConfirmDeleteDialog.ts';
import { RecordDialog } from './pages/RecordDialog.ts';
import { RecordListPage } from './pages/RecordListPage.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './support/demoAccounts.ts';
import { logInAs } from './support/logIn.ts';

const texts = recordMessages('Clinician');

test('a clinic adds a clinician with a login, finds, edits and deletes them', async ({ page, request }) => {
  const chrome = new AppChrome(page);
  const list = new RecordListPage(page, 'Clinicians', 'Add Clinician');
  const home = await logInAs(page, DEMO_ACCOUNTS.clinic);
  // Unique per run, so a retry on the same server never collides with the first attempt.
  const surname = `Fairweather${Date.now().toString(36)}`;
  const username = surname.toLowerCase();

  await home.link('Add Clinician').click();
  const add = new RecordDialog(page, 'Add Clinician');
  await expect(add.dialog).toBeVisible();
  await expect(add.field('Username')).toBeDisabled();
  await add.fill({ Forename: 'Imogen', Surname: surname, Email: 'imogen@clinic.example' });
  await add.tick('Add Username and Password');
  await add.fill({ Username: username, Password: 'Stride-Length-42', 'Password Hint': 'gait' });
  await add.button('Add').click();
  await expect(chrome.alert(texts.added)).toBeVisible();
  await expect(add.dialog).toBeHidden();

  // The credentials were sent: the new clinician can log in.
  const login = await request.post('/api/clinicianLogin', { data: { username, password: 'Stride-Length-42' } });
  expect(((await login.json()) as { Result: string }).Result).toBe('Success');

  await list.searchFor(surname);
  const row = list.row(`Imogen ${surname}`);
  await expect(row).toContainText('Riverside Gait Laboratory');
  await expect(row).toContainText(username);

  await list.edit(`Imogen ${surname}`).click();
  const edit = new RecordDialog(page, 'Edit Clinician');
  await expect(edit.checkbox('Update Username and Password')).not.toBeChecked();
  await edit.field('Forename').fill('Imogenne');
  await edit.button('Save').click();
  await expect(chrome.alert(texts.updated)).toBeVisible();
  await expect(list.row(`Imogenne ${surname}`)).toBeVisible();

  await list.delete(`Imogenne ${surname}`).click();
  const confirm = new ConfirmDeleteDialog(page, 'Delete Clinician', `Imogenne ${surname}`);
  await expect(confirm.deleteButton).toBeDisabled();
  await confirm.confirmation.fill(`imogenne ${surname}`);
  await expect(confirm.deleteButton).toBeDisabled();
  await confirm.confirmation.fill(`Imogenne ${surname}`);
  await expect(confirm.deleteButton).toBeEnabled();
  await confirm.deleteButton.click();
  await expect(chrome.alert(texts.deleted)).toBeVisible();
  await expect(list.emptyText('No Data Matching Filter Found.')).toBeVisible();
});

test('the clinician form shows the shared validation messages', async ({ page }) => {
  await logInAs(page, DEMO_ACCOUNTS.clinic);
  await page.goto('/clinic/clinicians?add=clinician');
  const add = new RecordDialog(page, 'Add Clinician');

  await add.button('Add').click();
  await expect(add.dialog.getByText('Forename not specified', { exact: true })).toBeVisible();

  // Only the server knows a username is taken; its message is shown verbatim (docs/spec.md §5).
  await add.fill({ Forename: 'Copy', Surname: 'Cat' });
  await add.tick('Add Username and Password');
  await add.fill({ Username: DEMO_ACCOUNTS.clinician.username, Password: DEMO_PASSWORD });
  await add.button('Add').click();
  await expect(add.error).toHaveText(`Error: ${MESSAGES.usernameTaken}`);
  await expect(add.dialog).toBeVisible();
});

test('a clinician who still has patients is not deleted', async ({ page }) => {
  const list = new RecordListPage(page, 'Clinicians', 'Add Clinician');
  const home = await logInAs(page, DEMO_ACCOUNTS.admin);
  await home.link('Clinicians').click();
  await expect(list.heading).toBeVisible();
  await list.searchFor('Amelia Hart');
  await list.delete('Amelia Hart').click();
  const confirm = new ConfirmDeleteDialog(page, 'Delete Clinician', 'Amelia Hart');
  await confirm.confirmation.fill('Amelia Hart');
  await confirm.deleteButton.click();
  await expect(confirm.error).toHaveText(MESSAGES.clinicianDeleteFailed);
  await expect(confirm.dialog).toBeVisible();
});

test('the admin chooses the clinics of a clinician', async ({ page }) => {
  const list = new RecordListPage(page, 'Clinicians', 'Add Clinician');
  const home = await logInAs(page, DEMO_ACCOUNTS.admin);
  const surname = `Okonkwo${Date.now().toString(36)}`;

  await home.link('Add Clinician').click();
  const add = new RecordDialog(page, 'Add Clinician');
  await add.fill({ Forename: 'Tobi', Surname: surname });
  await add.button('Add').click();
  await list.searchFor(surname);
  await expect(list.row(`Tobi ${surname}`)).toContainText(MESSAGES.noAssociatedClinic);

  await list.edit(`Tobi ${surname}`).click();
  const edit = new RecordDialog(page, 'Edit Clinician');
  await edit.choose('Clinics', 'Stride Fitness Gym');
  await expect(edit.chips('Clinics')).toContainText('Stride Fitness Gym');
  await expect(edit.dialog).toBeVisible();
  await edit.button('Save').click();
  await expect(list.row(`Tobi ${surname}`)).toContainText('Stride Fitness Gym');
});
