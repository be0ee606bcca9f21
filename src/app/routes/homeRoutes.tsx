import { createRoute } from '@tanstack/react-router';
import { getClinicianQueryOptions } from '#app/features/clinicians/api/getClinician';
import { getClinicQueryOptions } from '#app/features/clinics/api/getClinic';
import { getPatientQueryOptions } from '#app/features/patients/api/getPatient';
import { requireLogin } from './guards.ts';
import { rootRoute } from './root.ts';

const screens = () => import('./homeRoutes.lazy.tsx');

/**
 * The home page waits for the account's details (or the device's copy of them), so it appears whole, not
 * 'Loading...' first; a failure is the page's to show, not the router's.
 */
const ownDetails = (details: Promise<unknown>): Promise<void> =>
  details.then(
    () => undefined,
    () => undefined,
  );

export const patientHomeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'patient/home',
  beforeLoad: ({ location }) => requireLogin(['patient'], location),
  loader: ({ context: { queryClient, login } }) =>
    ownDetails(queryClient.ensureQueryData(getPatientQueryOptions(login.id, login.loginType))),
}).lazy(() => screens().then((m) => m.patientHomeLazyRoute));

export const clinicianHomeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'clinician/home',
  beforeLoad: ({ location }) => requireLogin(['clinician'], location),
  loader: ({ context: { queryClient, login } }) =>
    ownDetails(queryClient.ensureQueryData(getClinicianQueryOptions(login.id, login.loginType))),
}).lazy(() => screens().then((m) => m.clinicianHomeLazyRoute));

export const clinicHomeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'clinic/home',
  beforeLoad: ({ location }) => requireLogin(['clinic'], location),
  loader: ({ context: { queryClient, login } }) =>
    ownDetails(queryClient.ensureQueryData(getClinicQueryOptions(login.id, login.loginType))),
}).lazy(() => screens().then((m) => m.clinicHomeLazyRoute));

export const adminHomeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'admin/home',
  beforeLoad: ({ location }) => requireLogin(['admin'], location),
}).lazy(() => screens().then((m) => m.adminHomeLazyRoute));
