import { expect, test } from '@playwright/test';
import { MESSAGES, recordMessages } from '#shared/messages';
import { AppChrome } from './pages/AppChrome.ts';
import { ConfirmDeleteDialog } from './pages/ConfirmDeleteDialog.ts';
import { RecordDialog } from './pages/RecordDialog.ts';
import { RecordListPage } from './pages/RecordListPage.ts';
import { DEMO_ACCOUNTS } from './support/demoAccounts.ts';
import { logInAs } from './support/logIn.ts';

const texts = recordMessages('Clinic');

test('the admin adds, edits and deletes a clinic', async ({ page }) => {
  const chrome = new AppChrome(page);
  const list = new RecordListPage(page, 'Clinics', 'Add Clinic');
  const home = await logInAs(page, DEMO_ACCOUNTS.admin);
  // Unique per run, so a retry on the same server never collides with the first attempt.
  const name = `Northgate Motion Lab ${Date.now().toString(36)}`;

  await home.link('Add Clinic').click();
  const add = new RecordDialog(page, 'Add Clinic');
  await add.fill({
    'Organisation Name': name,
    Address: '7 Northgate, York YO1 7HH',
    'Contact Forename': 'Iris',
    'Contact Surname': 'Penrose',
    'Contact Email': 'iris@northgate.example',
  });
  // The contact number is required: the form says so in the server's words (shared schema, docs/spec.md §5), naming the
  // field by its label, never by its wire name (ClinicContactNumber).
  await add.button('Add').click();
  await expect(add.dialog.getByText('Contact Number not specified', { exact: true })).toBeVisible();
  await expect(add.dialog.getByText(/Clinic[A-Z]\w+ not specified/)).toHaveCount(0);
  await expect(add.dialog).toBeVisible();

  await add.fill({ 'Contact Number': '+44 1904 496 000' });
  await add.dialog.getByText('Gym', { exact: true }).click();
  await add.tick('Add Username and Password');
  await add.fill({ 'Admin Username': `northgate-${Date.now().toString(36)}`, 'Admin Password': 'Cadence-Count-9' });
  await add.button('Add').click();
  await expect(chrome.alert(texts.added)).toBeVisible();
  await expect(add.dialog).toBeHidden();

  await list.searchFor(name);
  await expect(list.row(name)).toContainText('Penrose');

  await list.edit(name).click();
  const edit = new RecordDialog(page, 'Edit Clinic');
  await expect(edit.checkbox('Update Username and Password')).toBeVisible();
  await edit.field('Address').fill('9 Northgate, York YO1 7HH');
  await edit.button('Save').click();
  await expect(chrome.alert(texts.updated)).toBeVisible();
  await expect(list.row(name)).toContainText('9 Northgate, York YO1 7HH');

  await list.delete(name).click();
  const confirm = new ConfirmDeleteDialog(page, 'Delete Clinic', name);
  await expect(confirm.deleteButton).toBeDisabled();
  await confirm.confirmation.fill(name);
  await confirm.deleteButton.click();
  await expect(chrome.alert(texts.deleted)).toBeVisible();
  await expect(list.emptyText('No Data Matching Filter Found.')).toBeVisible();
});

test('a clinic that still has clinicians is not deleted', async ({ page }) => {
  const list = new RecordListPage(page, 'Clinics', 'Add Clinic');
  const home = await logInAs(page, DEMO_ACCOUNTS.admin);
  await home.link('Clinics').click();
  await list.searchFor('Stride Fitness Gym');
  await list.delete('Stride Fitness Gym').click();
  const confirm = new ConfirmDeleteDialog(page, 'Delete Clinic', 'Stride Fitness Gym');
  await confirm.confirmation.fill('Stride Fitness Gym');
  await confirm.deleteButton.click();
  await expect(confirm.error).toHaveText(MESSAGES.clinicDeleteFailed);
});

test('the clinic browser sends a visitor without a login to the admin login', async ({ page }) => {
  await page.goto('/admin/clinics');
  await expect(page).toHaveURL(/\/admin\/login\?redirect=/);
});

test('a clinic login cannot open the clinic browser', async ({ page }) => {
  await logInAs(page, DEMO_ACCOUNTS.clinic);
  await page.goto('/admin/clinics');
  await expect(page).toHaveURL('/clinic/home');
});
