import { createHash, randomBytes } from 'node:crypto';
import type { SessionEndReason } from '#shared/auth/sessionEnd';
import type { UserType } from '#shared/auth/userTypes';
import { isUserType } from '#shared/auth/userTypes';
import type { Clock } from '#server/clock';
import { isoAfter } from '#server/clock';
import type { Db } from '#server/db/connect';

export type AuthUser = { id: string; role: UserType };

export type TokenPolicy = { idleSeconds: number; absoluteSeconds: number };

/** Tokens are opaque random strings; only their SHA-256 is stored, so a database leak yields no usable token. */
function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function issueToken(db: Db, clock: Clock, policy: TokenPolicy, user: AuthUser): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = clock().toISOString();
  await db
    .insertInto('access_tokens')
    .values({
      token_hash: hashToken(token),
      user_id: user.id,
      role: user.role,
      created_at: now,
      last_used_at: now,
      expires_at: isoAfter(clock, policy.absoluteSeconds),
      revoked_at: null,
    })
    .execute();
  return token;
}

/** A token the server refused, and why when it knows (a token it never issued has no reason to give). */
export type RefusedToken = { refused: SessionEndReason | null };

/** The user a token belongs to, or why it no longer does: revoked, idle too long or past its absolute expiry. */
export async function resolveToken(
  db: Db,
  clock: Clock,
  policy: TokenPolicy,
  token: string,
): Promise<AuthUser | RefusedToken> {
  const tokenHash = hashToken(token);
  const row = await db.selectFrom('access_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  if (row === undefined || !isUserType(row.role)) return { refused: null };
  if (row.revoked_at !== null) return { refused: 'ended' };
  const now = clock();
  if (now.toISOString() >= row.expires_at) return { refused: 'expired' };
  const idleSince = now.getTime() - Date.parse(row.last_used_at);
  if (idleSince > policy.idleSeconds * 1000) return { refused: 'idle' };
  // Refresh the idle timer, but not on every request: a quarter of the idle window (at most a minute) is precise enough.
  if (idleSince > Math.min(60_000, (policy.idleSeconds * 1000) / 4)) {
    await db
      .updateTable('access_tokens')
      .set({ last_used_at: now.toISOString() })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
  return { id: row.user_id, role: row.role };
}

export async function revokeToken(db: Db, clock: Clock, token: string): Promise<void> {
  await db
    .updateTable('access_tokens')
    .set({ revoked_at: clock().toISOString() })
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of a user, e.g. after a password change. */
export async function revokeUserTokens(db: Db, clock: Clock, user: AuthUser, exceptToken?: string): Promise<void> {
  let query = db
    .updateTable('access_tokens')
    .set({ revoked_at: clock().toISOString() })
    .where('user_id', '=', user.id)
    .where('role', '=', user.role)
    .where('revoked_at', 'is', null);
  if (exceptToken !== undefined) query = query.where('token_hash', '!=', hashToken(exceptToken));
  await query.execute();
}
