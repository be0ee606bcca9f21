declare const self: ServiceWorkerGlobalScope;

/** An open vault, as the page hands it over: whose it is (names the file cache) and its data key. */
export type VaultHandle = { userKey: string; key: CryptoKey };

const VAULT_KEY_REQUEST = 'vault-key-request';

const isHandle = (value: unknown): value is VaultHandle =>
  typeof value === 'object' &&
  value !== null &&
  'userKey' in value &&
  typeof value.userKey === 'string' &&
  'key' in value &&
  value.key instanceof CryptoKey;

/**
 * The vault of the page that made a request, asked of that page each time: the worker keeps no key (it may be
 * stopped at any moment, and each tab may belong to another user). Null when the page has no vault open (not
 * logged in), is gone, or does not answer within a second.
 */
export async function vaultOfClient(clientId: string): Promise<VaultHandle | null> {
  if (!clientId) return null;
  const client = await self.clients.get(clientId);
  if (!client) return null;
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), 1_000);
    channel.port1.onmessage = (event: MessageEvent) => {
      clearTimeout(timer);
      const data: unknown = event.data;
      resolve(isHandle(data) ? data : null);
    };
    client.postMessage({ type: VAULT_KEY_REQUEST }, [channel.port2]);
  });
}
