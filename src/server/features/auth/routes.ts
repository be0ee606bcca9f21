import type { FastifyPluginAsync } from 'fastify';
import { USER_TYPES } from '#shared/auth/userTypes';
import type { AppDeps } from '#server/deps';
import { serveCall } from '#server/http/serveCall';
import { login } from './login.ts';
import { ignoreLogoutBodies, logout } from './logout.ts';

export function authRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    // A bad login keeps the login answer's shape (Result, Data.Error): the handler reads the validation itself.
    for (const role of USER_TYPES) serveCall(app, `${role}Login`, login(deps, role), { attachValidation: true });
    await app.register(async (logouts) => {
      ignoreLogoutBodies(logouts);
      for (const role of USER_TYPES) serveCall(logouts, `${role}Logout`, logout(deps));
    });
  };
}
