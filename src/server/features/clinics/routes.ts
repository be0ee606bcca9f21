import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { getClinicHandler, getClinicSchema, getClinicsHandler, getClinicsSchema } from './getClinics.ts';

export function clinicRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/api/clinics', {
      schema: { ...getClinicsSchema, tags: ['clinics'] },
      config: { access: ['clinician', 'clinic', 'admin'] },
    }, getClinicsHandler(deps));
    app.get('/api/clinic', {
      schema: { ...getClinicSchema, tags: ['clinics'] },
      config: { access: ['clinician', 'clinic', 'admin'] },
    }, getClinicHandler(deps));
  };
}
