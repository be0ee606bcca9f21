import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '#server/deps';
import { serveCall } from '#server/http/serveCall';
import { addPatient } from './addPatient.ts';
import { getPatient } from './getPatient.ts';
import { listPatients } from './listPatients.ts';
import { removePatient } from './removePatient.ts';
import { updatePatient } from './updatePatient.ts';

export function patientRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    serveCall(app, 'patients', listPatients(deps));
    serveCall(app, 'patient', getPatient(deps));
    serveCall(app, 'addPatient', addPatient(deps));
    serveCall(app, 'updatePatient', updatePatient(deps));
    serveCall(app, 'removePatient', removePatient(deps));
  };
}
