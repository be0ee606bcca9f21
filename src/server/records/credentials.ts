import { credentialsProblem } from '#shared/records/fields';
import { MESSAGES } from '#shared/messages';
import type { FastifyRequest } from 'fastify';
import { PASSWORD_MESSAGES } from '#shared/auth/passwordPolicy';
import { isCommonPassword } from '#server/auth/commonPasswords';
import { hashPassword } from '#server/auth/passwords';
import { revokeUserTokens, type AuthUser } from '#server/auth/tokens';
import type { AppDeps } from '#server/deps';
import { badRequest } from '#server/http/errors';
import type { Trx } from '#server/http/idempotency';

type LoginTable = 'patients' | 'clinicians';

/** Usernames are unique within each kind of account; the database's unique index backs this check up. */
async function assertUsernameFree(
  trx: Trx,
  table: LoginTable | 'clinics',
  username: string,
  exceptId?: string,
): Promise<void> {
  const column = table === 'clinics' ? 'admin_username' : 'username';
  let query = trx.selectFrom(table).select('id').where(column, '=', username);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if ((await query.executeTakeFirst()) !== undefined) throw badRequest(MESSAGES.usernameTaken);
}

export type CredentialChange = { username: string | null; passwordHash: string | null } | undefined;

/**
 * What to store for a username/password pair that the user chose to add or update (docs/spec.md §4 Login details).
 * Nothing sent means nothing changes; a new username alone keeps an existing password.
 */
export async function credentialChange(
  trx: Trx,
  table: LoginTable | 'clinics',
  input: { username: string; password: string },
  existing?: { id: string; hasPassword: boolean },
): Promise<CredentialChange> {
  if (input.username === '' && input.password === '') return undefined;
  const problem = credentialsProblem(input.username, input.password, existing?.hasPassword !== true);
  if (problem !== undefined) throw badRequest(problem);
  if (input.password !== '' && isCommonPassword(input.password)) throw badRequest(PASSWORD_MESSAGES.tooCommon);
  await assertUsernameFree(trx, table, input.username, existing?.id);
  return { username: input.username, passwordHash: input.password === '' ? null : await hashPassword(input.password) };
}

/**
 * A new password ends every session of the account it belongs to, so a stolen or forgotten token dies with the old
 * password; only the caller's own token survives when they changed their own password.
 */
export async function endOtherSessions(
  trx: Trx,
  deps: AppDeps,
  request: FastifyRequest,
  account: AuthUser,
): Promise<void> {
  const own = request.user?.id === account.id && request.user.role === account.role;
  await revokeUserTokens(trx, deps.clock, account, own ? (request.accessToken ?? undefined) : undefined);
}
