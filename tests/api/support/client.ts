import type { FastifyInstance } from 'fastify';
import type { UserType } from '#shared/auth/userTypes';
import { DEMO_LOGINS, DEMO_PASSWORD } from '#server/seed/demoPeople';

export type Session = { id: string; token: string; role: UserType };

type Reply = { status: number; body: Record<string, unknown> & { error?: string } };

/** A thin HTTP client over inject(), speaking the API as the web client does. */
export function apiClient(app: FastifyInstance) {
  const parse = (payload: string): Reply['body'] => (payload === '' ? {} : (JSON.parse(payload) as Reply['body']));
  return {
    async post(url: string, body: unknown, token?: string, headers: Record<string, string> = {}): Promise<Reply> {
      const res = await app.inject({
        method: 'POST',
        url,
        payload: body as Record<string, unknown>,
        headers: { ...(token === undefined ? {} : { authorization: `Bearer ${token}` }), ...headers },
      });
      return { status: res.statusCode, body: parse(res.payload) };
    },
    async get(url: string, token?: string): Promise<Reply & { headers: Record<string, unknown> }> {
      const res = await app.inject({
        method: 'GET',
        url,
        headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
      });
      return { status: res.statusCode, body: parse(res.payload), headers: res.headers };
    },
    async login(role: UserType, username: string = DEMO_LOGINS[role], password = DEMO_PASSWORD): Promise<Session> {
      const res = await app.inject({ method: 'POST', url: `/api/${role}Login`, payload: { username, password } });
      const body = JSON.parse(res.payload) as {
        Result: string;
        Data: { ID: string; AccessToken: string; Error?: string };
      };
      if (body.Result !== 'Success') throw new Error(`login as ${role} failed: ${body.Data.Error ?? res.payload}`);
      return { id: body.Data.ID, token: body.Data.AccessToken, role };
    },
  };
}
