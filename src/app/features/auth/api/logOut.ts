import { http } from '#app/lib/api';
import { sendPost } from '#app/lib/apiCall';
import { queryClient } from '#app/lib/queryClient';
import { loginStore } from '#app/lib/storedLogin';

/**
 * Revokes the token on the server if it can, then forgets the login whatever happened:
 * a user who pressed Logout must end up logged out on this device even when offline.
 */
export async function logOut(): Promise<void> {
  const login = loginStore.read();
  if (login) {
    // No body: the call ends the session of the token it is sent with.
    await sendPost(`${login.loginType}Logout`, undefined, {
      client: http,
      headers: { Authorization: `Bearer ${login.accessToken}` },
      retry: 0,
      timeout: 5_000,
    }).catch(() => undefined);
  }
  loginStore.clear();
  // The next user of this tablet must not see the previous user's cached or mirrored records.
  queryClient.clear();
  // Loaded on demand: Dexie stays out of the login page's bundle (docs/design.md budget).
  if (login) await import('#app/lib/mirror/clearMirror').then((m) => m.clearMirror(login));
}
