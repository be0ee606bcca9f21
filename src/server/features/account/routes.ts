import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '#server/deps';
import {
  updateOwnClinicPasswordRouteSchema,
  updateOwnPasswordHandler,
  updateOwnPasswordRouteSchema,
} from './updateOwnPassword.ts';

// The admin has no password-change call: spec §5 'Changing of admin passwords is unavailable at this time.'
export function accountRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    app.post(
      '/api/updateOwnPasswordAsPatient',
      {
        schema: { ...updateOwnPasswordRouteSchema, tags: ['account'] },
        config: { access: ['patient'] },
      },
      updateOwnPasswordHandler(deps, 'patient'),
    );
    app.post(
      '/api/updateOwnPasswordAsClinician',
      {
        schema: { ...updateOwnPasswordRouteSchema, tags: ['account'] },
        config: { access: ['clinician'] },
      },
      updateOwnPasswordHandler(deps, 'clinician'),
    );
    app.post(
      '/api/updateOwnPasswordAsClinic',
      {
        schema: { ...updateOwnClinicPasswordRouteSchema, tags: ['account'] },
        config: { access: ['clinic'] },
      },
      updateOwnPasswordHandler(deps, 'clinic'),
    );
  };
}
