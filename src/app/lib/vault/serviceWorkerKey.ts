import { loginStore, userKeyOf } from '#app/lib/storedLogin';
import { hasVaultKey } from './vaultKeyStorage.ts';

/** Must match sw/vaultOfClient.ts. */
const VAULT_KEY_REQUEST = 'vault-key-request';

const isKeyRequest = (data: unknown) =>
  typeof data === 'object' && data !== null && 'type' in data && data.type === VAULT_KEY_REQUEST;

/**
 * The service worker keeps no key: when it needs to keep or open a session file for this page, it asks the page,
 * which answers with its open vault (the key as a CryptoKey object, which never leaves the browser), or with null.
 */
export function answerVaultKeyRequests(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const [port] = event.ports;
    if (!isKeyRequest(event.data) || !port) return;
    const login = loginStore.read();
    if (!login || !hasVaultKey()) {
      port.postMessage(null);
      return;
    }
    // The key code loads on the first request, not with the login page.
    import('./vaultKey.ts')
      .then(({ vaultKey }) => vaultKey())
      .then(
        (key) => port.postMessage({ userKey: userKeyOf(login), key }),
        () => port.postMessage(null),
      );
  });
  navigator.serviceWorker.startMessages();
}
