import { createRoute, redirect, type ParsedLocation } from '@tanstack/react-router';
import { homePath } from '#app/lib/access';
import { loginStore } from '#app/lib/storedLogin';
import { rootRoute } from './root.ts';

/**
 * The installed app's shortcuts (manifest `shortcuts`) name one address for every role: it leads to the role's own
 * page, to its home when the role has no such page (a patient has no patient list), or through the login first.
 */
function toOwnPage(page: 'sessions' | 'patients' | 'offline', location: ParsedLocation): never {
  const login = loginStore.read();
  if (!login) throw redirect({ to: '/login', search: { redirect: location.href } });
  const type = login.loginType;
  if (page === 'patients' && type === 'patient') throw redirect({ to: homePath(type) });
  switch (page) {
    case 'sessions':
      throw redirect({ to: '/$type/sessions', params: { type } });
    case 'patients':
      throw redirect({ to: '/$type/patients', params: { type } });
    case 'offline':
      throw redirect({ to: '/$type/offline', params: { type } });
  }
}

export const sessionsShortcutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'sessions',
  beforeLoad: ({ location }) => toOwnPage('sessions', location),
});

export const patientsShortcutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'patients',
  beforeLoad: ({ location }) => toOwnPage('patients', location),
});

export const offlineShortcutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'offline',
  beforeLoad: ({ location }) => toOwnPage('offline', location),
});
