import { Workbox } from 'workbox-window';
import { answerVaultKeyRequests } from '#app/lib/vault/serviceWorkerKey';
import { announceUpdate } from './updatePrompt.ts';

/**
 * Registers sw.js (production builds only, so `npm run dev` is untouched). A new release never reloads the page
 * by itself (docs/design.md Data flow 7): it waits until the user presses Reload, and only then takes over.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  answerVaultKeyRequests();
  const workbox = new Workbox('/sw.js');
  workbox.addEventListener('waiting', () => {
    announceUpdate(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  // Without a worker the app still runs online; there is nothing the user could do about a failed registration.
  workbox.register().catch(() => undefined);
}
