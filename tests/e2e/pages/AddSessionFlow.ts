import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../support/demoAccounts.ts';
import { logInAs } from '../support/logIn.ts';
import { AppChrome } from './AppChrome.ts';
import { SessionApi } from './SessionApi.ts';
import { AddSessionDialog, SessionFilesDialog } from './SessionDialogs.ts';
import { SessionsPage } from './SessionsPage.ts';

/** The admin's session browser with Add Session open and filled in for session {number}.1 of the demo patient. */
export async function addSessionOpen(page: Page, request: APIRequestContext, sessionNumber: number) {
  await logInAs(page, DEMO_ACCOUNTS.admin);
  const { olivia, amelia } = await (await SessionApi.of(page, request)).demoPatientAndClinician();
  const sessions = new SessionsPage(page, 'admin');
  await sessions.goto();
  await sessions.addSession.click();
  const add = new AddSessionDialog(page);
  await add.describeWalk(sessionNumber, olivia.name, amelia.name);
  /** Adds the session as filled in and opens its files (the upload of a video takes a while on a busy machine). */
  const addAndOpenFiles = async () => {
    await add.addButton.click();
    await expect(new AppChrome(page).alert('Session is successfully added')).toBeVisible({ timeout: 60_000 });
    const row = sessions.row(sessionNumber);
    await sessions.choose(row, 'Files');
    return { row, files: new SessionFilesDialog(page) };
  };
  return { sessions, add, addAndOpenFiles };
}
