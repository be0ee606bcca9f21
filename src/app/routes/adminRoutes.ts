import { createRoute } from '@tanstack/react-router';
import { requireLogin } from './guards.ts';
import { rootRoute } from './root.ts';

export const auditLogRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'admin/audit-log',
  beforeLoad: ({ location }) => requireLogin(['admin'], location),
}).lazy(() => import('./adminRoutes.lazy.tsx').then((m) => m.auditLogLazyRoute));
