import { createRoute } from '@tanstack/react-router';
import { requireLogin } from './guards.ts';
import { userTypeParams } from './params.ts';
import { rootRoute } from './root.ts';

type PatientsSearch = { add?: 'patient' };

/** ?add=patient opens the Add Patient dialog (the home pages link there). */
function validatePatientsSearch(search: Record<string, unknown>): PatientsSearch {
  return search.add === 'patient' ? { add: 'patient' } : {};
}

/** /{clinician,clinic,admin}/patients (docs/spec.md §2); each role only at its own address, patients never. */
export const patientsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$type/patients',
  params: userTypeParams,
  validateSearch: validatePatientsSearch,
  beforeLoad: ({ params, location }) => requireLogin(params.type === 'patient' ? [] : [params.type], location),
}).lazy(() => import('./patientRoutes.lazy.tsx').then((m) => m.patientsLazyRoute));
