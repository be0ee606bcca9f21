import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '#server/deps';
import { serveCall } from '#server/http/serveCall';
import { addClinic } from './addClinic.ts';
import { getClinic } from './getClinic.ts';
import { listClinics } from './listClinics.ts';
import { removeClinic } from './removeClinic.ts';
import { updateClinic } from './updateClinic.ts';

export function clinicRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    serveCall(app, 'clinics', listClinics(deps));
    serveCall(app, 'clinic', getClinic(deps));
    serveCall(app, 'addClinic', addClinic(deps));
    serveCall(app, 'updateClinic', updateClinic(deps));
    serveCall(app, 'removeClinic', removeClinic(deps));
  };
}
