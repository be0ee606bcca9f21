import { auditLogRoute, changelogRoute } from './adminRoutes.ts';
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
import { offlineStorageRoute } from './offlineRoutes.ts';
import { outboxRoute } from './outboxRoutes.ts';
import { patientsRoute } from './patientRoutes.ts';
import { adminLoginAliasRoute, cliniciansRoute, clinicsRoute } from './recordRoutes.ts';
import { rootRoute } from './root.ts';
import { sessionsRoute } from './sessionRoutes.ts';
import { skeletonViewerRoute } from './skeletonRoutes.ts';
import { offlineShortcutRoute, patientsShortcutRoute, sessionsShortcutRoute } from './shortcutRoutes.ts';

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
  changelogRoute,
  patientsRoute,
  cliniciansRoute,
  clinicsRoute,
  sessionsRoute,
  skeletonViewerRoute,
  offlineStorageRoute,
  outboxRoute,
  adminLoginAliasRoute,
  sessionsShortcutRoute,
  patientsShortcutRoute,
  offlineShortcutRoute,
]);
