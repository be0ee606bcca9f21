import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '#server/deps';
import {
  addClinicHandler,
  addClinicRouteSchema,
  removeClinicHandler,
  removeClinicRouteSchema,
  updateClinicHandler,
  updateClinicRouteSchema,
} from './clinicWrites.ts';
import { getClinicHandler, getClinicSchema, getClinicsHandler, getClinicsSchema } from './getClinics.ts';

export function clinicRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    const tags = ['clinics'];
    const readers = { access: ['clinician', 'clinic', 'admin'] as const };
    const adminOnly = { access: ['admin'] as const };
    app.get('/api/clinics', { schema: { ...getClinicsSchema, tags }, config: readers }, getClinicsHandler(deps));
    app.get('/api/clinic', { schema: { ...getClinicSchema, tags }, config: readers }, getClinicHandler(deps));
    app.post(
      '/api/addClinic',
      { schema: { ...addClinicRouteSchema, tags }, config: adminOnly },
      addClinicHandler(deps),
    );
    app.post(
      '/api/updateClinic',
      { schema: { ...updateClinicRouteSchema, tags }, config: adminOnly },
      updateClinicHandler(deps),
    );
    app.post(
      '/api/removeClinic',
      { schema: { ...removeClinicRouteSchema, tags }, config: adminOnly },
      removeClinicHandler(deps),
    );
  };
}
