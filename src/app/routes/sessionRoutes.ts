import { createRoute } from '@tanstack/react-router';
import { requireLogin } from './guards.ts';
import { userTypeParams } from './params.ts';
import { rootRoute } from './root.ts';
import { validateSessionsSearch } from './sessionSearch.ts';

/** /{userType}/sessions (docs/spec.md §2): every role, each only at its own address. */
export const sessionsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$type/sessions',
  params: userTypeParams,
  validateSearch: validateSessionsSearch,
  beforeLoad: ({ params, location }) => requireLogin([params.type], location),
}).lazy(() => import('./sessionRoutes.lazy.tsx').then((m) => m.sessionsLazyRoute));
