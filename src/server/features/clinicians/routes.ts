import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '#server/deps';
import { serveCall } from '#server/http/serveCall';
import { addClinician } from './addClinician.ts';
import { addClinicianToClinic } from './addClinicianToClinic.ts';
import { getClinicFromClinician } from './getClinicFromClinician.ts';
import { getClinician } from './getClinician.ts';
import { listClinicians } from './listClinicians.ts';
import { removeClinician } from './removeClinician.ts';
import { updateClinician } from './updateClinician.ts';

export function clinicianRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    serveCall(app, 'clinicians', listClinicians(deps));
    serveCall(app, 'clinician', getClinician(deps));
    serveCall(app, 'addClinician', addClinician(deps));
    serveCall(app, 'updateClinician', updateClinician(deps));
    serveCall(app, 'removeClinician', removeClinician(deps));
    serveCall(app, 'addClinicianToClinic', addClinicianToClinic(deps));
    serveCall(app, 'getClinicFromClinician', getClinicFromClinician(deps));
  };
}
