import { createRoute } from '@tanstack/react-router';
import { requireLogin } from './guards.ts';
import { rootRoute } from './root.ts';

export const auditLogRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'admin/audit-log',
  beforeLoad: ({ location }) => requireLogin(['admin'], location),
}).lazy(() => import('./adminRoutes.lazy.tsx').then((m) => m.auditLogLazyRoute));

/** /admin/changelog (docs/spec.md §2): this product's release history, from CHANGELOG.md. */
export const changelogRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'admin/changelog',
  beforeLoad: ({ location }) => requireLogin(['admin'], location),
}).lazy(() => import('./changelogRoutes.lazy.tsx').then((m) => m.changelogLazyRoute));
