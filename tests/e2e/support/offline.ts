import { chromium, expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LoginPage } from '../pages/LoginPage.ts';
import { SessionsPage } from '../pages/SessionsPage.ts';
import { DEMO_ACCOUNTS } from './demoAccounts.ts';
import { logInAs } from './logIn.ts';

/** The service worker installed, active and controlling this page (it claims the page on first install). */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/**
 * Online, from the first page load with the service worker in control (what later works offline): the demo clinician
 * logs in and opens the session list. Answers the list and its rows that have a recording to play.
 */
export async function clinicianSessionsOnline(page: Page): Promise<{ sessions: SessionsPage; playable: Locator }> {
  await new LoginPage(page, 'clinician').goto();
  await controlledByServiceWorker(page);
  await logInAs(page, DEMO_ACCOUNTS.clinician);
  const sessions = new SessionsPage(page, 'clinician');
  await sessions.goto();
  const playable = sessions.rows().filter({ has: page.getByRole('link', { name: /^Skeleton of / }) });
  return { sessions, playable };
}

/**
 * No network at all. setOffline does not reach the service worker's own fetches in Chromium, so every request that
 * would leave the browser is aborted too; whatever still works is served by the service worker's caches.
 */
export async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
}

/** The network back, with a real `online` event for the pages whatever state they were in. */
export async function goOnline(context: BrowserContext): Promise<void> {
  await context.unrouteAll({ behavior: 'wait' });
  await context.setOffline(true);
  await context.setOffline(false);
}

/** A browser profile on disk, as an installed app has: IndexedDB, Cache Storage and the service worker survive. */
export const newProfile = () => mkdtempSync(join(tmpdir(), 'gait-profile-'));

/** Opens the app's browser on a profile, as launching the installed app does (session storage starts empty). */
export async function launchApp(profile: string): Promise<{ context: BrowserContext; page: Page }> {
  const use = test.info().project.use;
  const context = await chromium.launchPersistentContext(profile, {
    ...use.launchOptions,
    baseURL: use.baseURL,
    viewport: use.viewport ?? null,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}

/**
 * Everything this origin stores on the device about anyone, read raw (IndexedDB records, Cache Storage bodies other
 * than the precached app code) as latin-1 text, and which of `needles` appear in it anywhere. Sealed data shows none.
 */
export async function readableOnDevice(page: Page, needles: readonly string[]): Promise<string[]> {
  return page.evaluate(async (wanted) => {
    const texts: string[] = [];
    const asText = (value: unknown): string => {
      if (value instanceof Uint8Array || value instanceof ArrayBuffer) {
        const bytes = value instanceof Uint8Array ? value : new Uint8Array(value);
        let out = '';
        for (let i = 0; i < bytes.length; i += 8192) out += String.fromCharCode(...bytes.subarray(i, i + 8192));
        return out;
      }
      if (value instanceof Blob) return '';
      if (Array.isArray(value)) return value.map(asText).join('\n');
      if (typeof value === 'object' && value !== null) return Object.values(value).map(asText).join('\n');
      return String(value);
    };
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error(`cannot open ${name}`));
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const values = await new Promise<unknown[]>((resolve, reject) => {
          const all = db.transaction(store).objectStore(store).getAll();
          all.onsuccess = () => resolve(all.result);
          all.onerror = () => reject(all.error ?? new Error(`cannot read ${store}`));
        });
        texts.push(asText(values));
      }
      db.close();
    }
    // The precached app code names fields of the formats it reads; it holds no one's data and is left out.
    for (const name of (await caches.keys()).filter((cache) => !cache.startsWith('workbox-precache'))) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        if (response) texts.push(asText(await response.arrayBuffer()));
      }
    }
    const everything = texts.join('\n');
    return wanted.filter((needle) => everything.includes(needle));
  }, needles);
}

export const expectNothingReadable = async (page: Page, needles: readonly string[]) =>
  expect(await readableOnDevice(page, needles)).toEqual([]);
