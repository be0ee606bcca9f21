import { createRoute, redirect } from '@tanstack/react-router';
import { loginStore } from '#app/lib/storedLogin';
import { requireLogin } from './guards.ts';
import { userTypeParams, validateRedirectSearch } from './params.ts';
import { rootRoute } from './root.ts';

/** ?add=clinician and ?add=clinic open the Add dialog of a list screen (the home pages link there). */
type CliniciansSearch = { add?: 'clinician' };
type ClinicsSearch = { add?: 'clinic' };

const validateCliniciansSearch = (search: Record<string, unknown>): CliniciansSearch =>
  search.add === 'clinician' ? { add: 'clinician' } : {};

const validateClinicsSearch = (search: Record<string, unknown>): ClinicsSearch =>
  search.add === 'clinic' ? { add: 'clinic' } : {};

/** /{clinic,admin}/clinicians (docs/spec.md §2); each role only at its own address. */
export const cliniciansRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$type/clinicians',
  params: userTypeParams,
  validateSearch: validateCliniciansSearch,
  beforeLoad: ({ params, location }) =>
    requireLogin(params.type === 'clinic' || params.type === 'admin' ? [params.type] : [], location),
}).lazy(() => import('./recordRoutes.lazy.tsx').then((m) => m.cliniciansLazyRoute));

/** /admin/clinics (docs/spec.md §2); unlike other lists it sends a visitor without a login to /adminLogin. */
export const clinicsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'admin/clinics',
  validateSearch: validateClinicsSearch,
  beforeLoad: ({ location }) => {
    if (!loginStore.read()) throw redirect({ to: '/adminLogin', search: { redirect: location.href } });
    return requireLogin(['admin'], location);
  },
}).lazy(() => import('./recordRoutes.lazy.tsx').then((m) => m.clinicsLazyRoute));

/** The older admin login address (docs/spec.md §2 clinic browser) leads to the admin login form. */
export const adminLoginAliasRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'adminLogin',
  validateSearch: validateRedirectSearch,
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/$type/login', params: { type: 'admin' }, search, replace: true });
  },
});
