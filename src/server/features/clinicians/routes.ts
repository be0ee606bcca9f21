import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { getClinicianHandler, getClinicianSchema, getCliniciansHandler, getCliniciansSchema } from './getClinicians.ts';

// Patients have no clinician calls: they see their clinicians' names on their own record.
export function clinicianRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/api/clinicians', {
      schema: { ...getCliniciansSchema, tags: ['clinicians'] },
      config: { access: ['clinic', 'admin'] },
    }, getCliniciansHandler(deps));
    app.get('/api/clinician', {
      schema: { ...getClinicianSchema, tags: ['clinicians'] },
      config: { access: ['clinician', 'clinic', 'admin'] },
    }, getClinicianHandler(deps));
  };
}
