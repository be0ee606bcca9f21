import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './support/demoAccounts.ts';
import { HomePage } from './pages/HomePage.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { launchApp, newProfile } from './support/offline.ts';

/** Every file of a browser profile, read raw: what someone who copies the disk after the browser closed can read. */
function profileFiles(dir: string): Buffer[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    if (!entry.isFile()) return [];
    try {
      return [fs.readFileSync(path.join(entry.parentPath, entry.name))];
    } catch {
      return [];
    }
  });
}

/** Whether a value is in the files, as bytes, as Latin-1 or as UTF-16 text (Chromium writes session storage so). */
const onDisk = (files: Buffer[], bytes: Buffer, text: string) =>
  files.some((file) =>
    [bytes, Buffer.from(text, 'latin1'), Buffer.from(text, 'utf16le')].some((b) => file.includes(b)),
  );

// Issue 32, item 9: Chromium writes session storage to the profile (Session Storage/*.log), where it outlives the
// browser until its next start. The vault's data key must not be among what lands there; the access token is
// (docs/spec.md §3 keeps it in session storage), which shows that the search below reads session storage.
test("after a login and a closed browser, the profile holds the access token but not the vault's data key", async () => {
  test.setTimeout(90_000);
  const profile = newProfile();
  const { context, page } = await launchApp(profile);
  const login = new LoginPage(page, 'clinician');
  await login.goto();
  await login.logIn(DEMO_ACCOUNTS.clinician.username);
  const home = new HomePage(page, 'clinician');
  // 600,000 PBKDF2 iterations open the vault first: slow on a busy machine.
  await expect(home.heading).toBeVisible({ timeout: 30_000 });
  const token = await page.evaluate(() => sessionStorage.getItem('access_token') ?? '');
  // The data key as the password unwraps it from the account's vault (src/app/lib/vault/vaultCrypto.ts).
  const rawKey = await page.evaluate(async (password) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('gait-portal-vaults');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(new Error('no vault database'));
    });
    const [vault] = await new Promise<{ wraps: { salt: Uint8Array; iterations: number; wrapped: Uint8Array }[] }[]>(
      (resolve) => {
        const all = db.transaction('vaults').objectStore('vaults').getAll();
        all.onsuccess = () => resolve(all.result as never);
      },
    );
    const wrap = vault?.wraps[0];
    if (!wrap) throw new Error('no vault');
    const base = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, [
      'deriveKey',
    ]);
    const wrapping = await crypto.subtle.deriveKey(
      { name: 'PBKDF2', hash: 'SHA-256', salt: new Uint8Array(wrap.salt), iterations: wrap.iterations },
      base,
      { name: 'AES-GCM', length: 256 },
      false,
      ['unwrapKey'],
    );
    const key = await crypto.subtle.unwrapKey(
      'raw',
      new Uint8Array(wrap.wrapped.subarray(12)),
      wrapping,
      { name: 'AES-GCM', iv: new Uint8Array(wrap.wrapped.subarray(0, 12)) },
      { name: 'AES-GCM', length: 256 },
      true,
      ['encrypt'],
    );
    return Array.from(new Uint8Array(await crypto.subtle.exportKey('raw', key)));
  }, DEMO_PASSWORD);
  // A reload still needs no password: the key comes back for this tab.
  await page.reload();
  await expect(home.heading).toBeVisible();
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('vault_key') !== null)).toBe(true);
  await context.close();

  const files = profileFiles(profile);
  const key = Buffer.from(rawKey);
  expect(onDisk(files, Buffer.from(token), token)).toBe(true);
  expect(onDisk(files, key, key.toString('base64'))).toBe(false);
  expect(onDisk(files, key, key.toString('hex'))).toBe(false);
});
