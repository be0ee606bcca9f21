/**
 * Where this tab keeps the open vault's data key, wrapped by the tab's key (tabKey.ts). Kept apart from the key
 * code so the start-up check needs no cryptography in the login page's bundle.
 */
export const VAULT_KEY_STORAGE = 'vault_key';

export const hasVaultKey = (): boolean => window.sessionStorage.getItem(VAULT_KEY_STORAGE) !== null;
