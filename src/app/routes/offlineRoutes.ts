import { createRoute } from '@tanstack/react-router';
import { requireLogin } from './guards.ts';
import { userTypeParams } from './params.ts';
import { rootRoute } from './root.ts';

/** /{userType}/offline: the files kept on this device (docs/design.md Data flow 6); every role, at its own address. */
export const offlineStorageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$type/offline',
  params: userTypeParams,
  beforeLoad: ({ params, location }) => requireLogin([params.type], location),
}).lazy(() => import('./offlineRoutes.lazy.tsx').then((m) => m.offlineStorageLazyRoute));
