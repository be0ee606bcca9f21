import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { updateOwnClinicPasswordSchema, updateOwnPasswordSchema } from '#shared/api/account';
import { mutationResultSchema } from '#shared/api/results';
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

export const updateOwnPasswordRouteSchema = { body: updateOwnPasswordSchema, response: { 200: mutationResultSchema } };
export const updateOwnClinicPasswordRouteSchema = {
  body: updateOwnClinicPasswordSchema,
  response: { 200: mutationResultSchema },
};

type PasswordRole = Exclude<UserType, 'admin'>;

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
export function updateOwnPasswordHandler(deps: AppDeps, role: PasswordRole) {
  return async (request: FastifyRequest) => {
    const user = currentUser(request);
    const body = request.body as
      z.infer<typeof updateOwnPasswordSchema> | z.infer<typeof updateOwnClinicPasswordSchema>;
    const password = 'NewAdminPassword' in body ? body.NewAdminPassword : body.NewPassword;
    const { db } = deps.database;
    const keys = throttleKeys(`${role}#${user.id}`, clientAddress(request));
    const admission = await admitAttempt(db, deps.clock, keys);
    if (!admission.admitted) {
      if (admission.firstRefusalInWindow)
        await auditRequest(deps, request, 'password.throttled', `${role}:${user.id}`, 'denied');
      throw new HttpError(
        429,
        loginThrottledMessage(admission.retryAfterSeconds),
        {},
        {
          'Retry-After': String(admission.retryAfterSeconds),
        },
      );
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
