import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '#server/deps';
import { addClinicianHandler, addClinicianRouteSchema } from './addClinician.ts';
import {
  addClinicianToClinicHandler,
  addClinicianToClinicRouteSchema,
  getClinicFromClinicianHandler,
  getClinicFromClinicianRouteSchema,
} from './clinicMembership.ts';
import { getClinicianHandler, getClinicianSchema, getCliniciansHandler, getCliniciansSchema } from './getClinicians.ts';
import { removeClinicianHandler, removeClinicianRouteSchema } from './removeClinician.ts';
import { updateClinicianHandler, updateClinicianRouteSchema } from './updateClinician.ts';

const MANAGERS = ['clinic', 'admin'] as const;

// Patients have no clinician calls: they see their clinicians' names on their own record.
export function clinicianRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    const tags = ['clinicians'];
    app.get(
      '/api/clinicians',
      { schema: { ...getCliniciansSchema, tags }, config: { access: MANAGERS } },
      getCliniciansHandler(deps),
    );
    app.get(
      '/api/clinician',
      {
        schema: { ...getClinicianSchema, tags },
        config: { access: ['clinician', ...MANAGERS] },
      },
      getClinicianHandler(deps),
    );
    app.post(
      '/api/addClinician',
      { schema: { ...addClinicianRouteSchema, tags }, config: { access: MANAGERS } },
      addClinicianHandler(deps),
    );
    app.post(
      '/api/updateClinician',
      {
        schema: { ...updateClinicianRouteSchema, tags },
        config: { access: ['clinician', ...MANAGERS] },
      },
      updateClinicianHandler(deps),
    );
    app.post(
      '/api/removeClinician',
      {
        schema: { ...removeClinicianRouteSchema, tags },
        config: { access: MANAGERS },
      },
      removeClinicianHandler(deps),
    );
    app.post(
      '/api/addClinicianToClinic',
      {
        schema: { ...addClinicianToClinicRouteSchema, tags },
        config: { access: MANAGERS },
      },
      addClinicianToClinicHandler(deps),
    );
    app.get(
      '/api/getClinicFromClinician',
      {
        schema: { ...getClinicFromClinicianRouteSchema, tags },
        config: { access: MANAGERS },
      },
      getClinicFromClinicianHandler(deps),
    );
  };
}
