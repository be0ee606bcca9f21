import type { FastifyPluginAsync } from 'fastify';
import { loginPath, logoutPath } from '#shared/auth/login';
import { USER_TYPES } from '#shared/auth/userTypes';
import type { AppDeps } from '#server/deps';
import { loginHandler, loginSchema } from './login.ts';
import { ignoreLogoutBodies, logoutHandler, logoutSchema } from './logout.ts';

export function authRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    for (const role of USER_TYPES) {
      app.post(
        loginPath(role),
        {
          schema: { ...loginSchema, tags: ['auth'] },
          attachValidation: true,
          config: { access: 'public' },
        },
        loginHandler(deps, role),
      );
    }
    await app.register(async (logouts) => {
      ignoreLogoutBodies(logouts);
      for (const role of USER_TYPES) {
        logouts.post(
          logoutPath(role),
          { schema: { ...logoutSchema, tags: ['auth'] }, config: { access: [role] } },
          logoutHandler(deps),
        );
      }
    });
  };
}
