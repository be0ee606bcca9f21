import type { Access } from '#shared/api/call';
import type { CallName } from '#shared/api/calls';
import type { AuthUser } from '#server/auth/tokens';

// Fastify is extended by declaration merging, which only interfaces allow.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    accessToken: string | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route: 'public' needs no token; otherwise the roles allowed. */
    access?: Access;
    /** The call of the API's call map the route serves (src/shared/api/calls.ts). */
    call?: CallName;
    /** The token may come as the access_token query parameter (tokenInQuery in the call map). */
    tokenInQuery?: boolean;
    /** false: the answer is sent as it is, never compressed on the fly (compression.ts). */
    compress?: boolean;
  }
}
