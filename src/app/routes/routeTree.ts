import { auditLogRoute } from './adminRoutes.ts';
import { adminHomeRoute, clinicHomeRoute, clinicianHomeRoute, patientHomeRoute } from './homeRoutes.tsx';
import {
  chooseLoginRoute,
  indexRoute,
  loginAliasRoute,
  loginRoute,
  logoutRoute,
  typeLogoutRoute,
  typeRootRoute,
} from './loginRoutes.tsx';
import { rootRoute } from './root.ts';

export const routeTree = rootRoute.addChildren([
  indexRoute,
  chooseLoginRoute,
  loginAliasRoute,
  typeRootRoute,
  loginRoute,
  logoutRoute,
  typeLogoutRoute,
  patientHomeRoute,
  clinicianHomeRoute,
  clinicHomeRoute,
  adminHomeRoute,
  auditLogRoute,
]);
