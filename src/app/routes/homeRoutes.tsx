import { createRoute } from '@tanstack/react-router';
import { getClinicianQueryOptions } from '#app/features/clinicians/api/getClinician';
import { getClinicQueryOptions } from '#app/features/clinics/api/getClinic';
import { getPatientQueryOptions } from '#app/features/patients/api/getPatient';
import { requireLogin } from './guards.ts';
import { rootRoute } from './root.ts';

const screens = () => import('./homeRoutes.lazy.tsx');

export const patientHomeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'patient/home',
  beforeLoad: ({ location }) => requireLogin(['patient'], location),
  loader: ({ context: { queryClient, login } }) =>
    void queryClient.prefetchQuery(getPatientQueryOptions(login.id, login.loginType)),
}).lazy(() => screens().then((m) => m.patientHomeLazyRoute));

export const clinicianHomeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'clinician/home',
  beforeLoad: ({ location }) => requireLogin(['clinician'], location),
  loader: ({ context: { queryClient, login } }) =>
    void queryClient.prefetchQuery(getClinicianQueryOptions(login.id, login.loginType)),
}).lazy(() => screens().then((m) => m.clinicianHomeLazyRoute));

export const clinicHomeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'clinic/home',
  beforeLoad: ({ location }) => requireLogin(['clinic'], location),
  loader: ({ context: { queryClient, login } }) =>
    void queryClient.prefetchQuery(getClinicQueryOptions(login.id, login.loginType)),
}).lazy(() => screens().then((m) => m.clinicHomeLazyRoute));

export const adminHomeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'admin/home',
  beforeLoad: ({ location }) => requireLogin(['admin'], location),
}).lazy(() => screens().then((m) => m.adminHomeLazyRoute));
