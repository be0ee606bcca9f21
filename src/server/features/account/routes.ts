import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '#server/deps';
import { serveCall } from '#server/http/serveCall';
import { updateOwnPassword } from './updateOwnPassword.ts';

// The admin has no password-change call: 'Changing of admin passwords is unavailable at this time.'
export function accountRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    serveCall(app, 'updateOwnPasswordAsPatient', updateOwnPassword(deps, 'patient'));
    serveCall(app, 'updateOwnPasswordAsClinician', updateOwnPassword(deps, 'clinician'));
    serveCall(app, 'updateOwnPasswordAsClinic', updateOwnPassword(deps, 'clinic'));
  };
}
