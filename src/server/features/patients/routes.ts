import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '#server/deps';
import { addPatientHandler, addPatientRouteSchema } from './addPatient.ts';
import { getPatientHandler, getPatientSchema } from './getPatient.ts';
import { listPatientsHandler, listPatientsSchema } from './listPatients.ts';
import { removePatientHandler, removePatientRouteSchema } from './removePatient.ts';
import { updatePatientHandler, updatePatientRouteSchema } from './updatePatient.ts';

const STAFF = ['clinician', 'clinic', 'admin'] as const;

export function patientRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    const tags = ['patients'];
    app.get(
      '/api/patients',
      { schema: { ...listPatientsSchema, tags }, config: { access: STAFF } },
      listPatientsHandler(deps),
    );
    app.get(
      '/api/patient',
      {
        schema: { ...getPatientSchema, tags },
        config: { access: ['patient', ...STAFF] },
      },
      getPatientHandler(deps),
    );
    app.post(
      '/api/addPatient',
      { schema: { ...addPatientRouteSchema, tags }, config: { access: STAFF } },
      addPatientHandler(deps),
    );
    app.post(
      '/api/updatePatient',
      { schema: { ...updatePatientRouteSchema, tags }, config: { access: STAFF } },
      updatePatientHandler(deps),
    );
    app.post(
      '/api/removePatient',
      { schema: { ...removePatientRouteSchema, tags }, config: { access: STAFF } },
      removePatientHandler(deps),
    );
  };
}
