import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { UserType } from '#shared/auth/userTypes';
import { MESSAGES } from '#shared/messages';
import { notify } from '#app/components/ui/Toast';
import { logOut } from '#app/features/auth/api/logOut';
import { decideAccess, homePath } from '#app/lib/access';
import { loginStore, type StoredLogin } from '#app/lib/storedLogin';

/** For beforeLoad of pages that need a login of one of the given types (docs/spec.md §2). */
export function requireLogin(allowed: readonly UserType[], location: ParsedLocation): { login: StoredLogin } {
  const decision = decideAccess(loginStore.read(), allowed, location.href);
  switch (decision.kind) {
    case 'allow':
      return { login: decision.login };
    case 'login':
      throw redirect({ to: '/login', search: { redirect: decision.redirect } });
    case 'ownHome':
      throw redirect({ to: decision.path });
  }
}

/** For the login screens: with a token stored, the login is skipped (docs/spec.md §4). */
export function skipLoginWhenLoggedIn(): void {
  const login = loginStore.read();
  if (login) throw redirect({ to: homePath(login.loginType), replace: true });
}

/** For the logout addresses; never on a link preload, which would log the user out by hovering. */
export async function logOutAndLeave({ preload }: { preload: boolean }): Promise<void> {
  if (preload) return;
  await logOut();
  notify(MESSAGES.loggedOut, 'info');
  throw redirect({ to: '/login', replace: true });
}
