import { createRoute } from '@tanstack/react-router';
import { requireLogin } from './guards.ts';
import { userTypeParams } from './params.ts';
import { rootRoute } from './root.ts';

/** /{type}/outbox: the unsent changes of the logged-in user, kept until the server confirms them, reached from the top bar's count. */
export const outboxRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$type/outbox',
  params: userTypeParams,
  beforeLoad: ({ params, location }) => requireLogin([params.type], location),
}).lazy(() => import('./outboxRoutes.lazy.tsx').then((m) => m.outboxLazyRoute));
