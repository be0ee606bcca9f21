import type { UserType } from '#shared/auth/userTypes';
import { PASSWORD_MESSAGES } from '#shared/auth/passwordPolicy';
import { loginThrottledMessage, MESSAGES } from '#shared/messages';
import { passwordHashOf } from '#server/auth/accounts';
import { isCommonPassword } from '#server/auth/commonPasswords';
import { hashPassword, verifyPassword } from '#server/auth/passwords';
import { admitAttempt, recordSuccess, throttleKeys } from '#server/auth/throttle';
import { revokeUserTokens } from '#server/auth/tokens';
import { auditRequest } from '#server/audit/requestAudit';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/http/authenticate';
import { clientAddress } from '#server/http/clientAddress';
import { badRequest, HttpError, notFound } from '#server/http/errors';
import type { CallHandler } from '#server/http/serveCall';

type PasswordRole = Exclude<UserType, 'admin'>;
/** The three calls, one per role that may change its own password. */
export type OwnPasswordCall =
  'updateOwnPasswordAsPatient' | 'updateOwnPasswordAsClinician' | 'updateOwnPasswordAsClinic';

async function storeHash(deps: AppDeps, role: PasswordRole, id: string, passwordHash: string): Promise<number> {
  const { db } = deps.database;
  const now = deps.clock().toISOString();
  switch (role) {
    case 'patient': {
      const r = await db
        .updateTable('patients')
        .set({ password_hash: passwordHash, date_modified: now })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    }
    case 'clinician': {
      const r = await db
        .updateTable('clinicians')
        .set({ password_hash: passwordHash, date_modified: now })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    }
    case 'clinic': {
      const r = await db
        .updateTable('clinics')
        .set({ admin_password_hash: passwordHash, date_modified: now })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    }
  }
}

/**
 * Changes the caller's own password once they proved they know the current one, and ends their other sessions, so a
 * stolen token dies with the old password. A wrong current password counts as a failed login of the account, so the
 * form cannot be used to guess passwords faster than the login page allows.
 */
export function updateOwnPassword(deps: AppDeps, role: PasswordRole): CallHandler<OwnPasswordCall> {
  return async (request) => {
    const user = currentUser(request);
    const body = request.body;
    const password = 'NewAdminPassword' in body ? body.NewAdminPassword : body.NewPassword;
    const { db } = deps.database;
    const keys = throttleKeys(`${role}#${user.id}`, clientAddress(request));
    const admission = await admitAttempt(db, deps.clock, keys);
    if (!admission.admitted) {
      if (admission.firstRefusalInWindow)
        await auditRequest(deps, request, 'password.throttled', `${role}:${user.id}`, 'denied');
      const retryAfter = { 'Retry-After': String(admission.retryAfterSeconds) };
      throw new HttpError(429, loginThrottledMessage(admission.retryAfterSeconds), {}, retryAfter);
    }
    if (!(await verifyPassword(await passwordHashOf(db, role, user.id), body.CurrentPassword))) {
      await auditRequest(deps, request, 'password.update', `${role}:${user.id}`, 'denied');
      throw badRequest(MESSAGES.currentPasswordWrong);
    }
    await recordSuccess(db, keys);
    if (isCommonPassword(password)) throw badRequest(PASSWORD_MESSAGES.tooCommon);
    const updated = await storeHash(deps, role, user.id, await hashPassword(password));
    if (updated === 0) throw notFound('Account not found');
    await revokeUserTokens(deps.database.db, deps.clock, user, request.accessToken ?? undefined);
    await auditRequest(deps, request, 'password.update', `${role}:${user.id}`);
    return { result: 'success' as const, returnValue: 0 };
  };
}
