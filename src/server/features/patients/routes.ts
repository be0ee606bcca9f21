import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { getPatientHandler, getPatientSchema } from './getPatient.ts';

export function patientRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/api/patient', {
      schema: { ...getPatientSchema, tags: ['patients'] },
      config: { access: ['patient', 'clinician', 'clinic', 'admin'] },
    }, getPatientHandler(deps));
  };
}
