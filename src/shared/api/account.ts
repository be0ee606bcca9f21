import { z } from 'zod';
import { PASSWORD_MAX } from '../auth/login.ts';
import { PASSWORD_MESSAGES, passwordShapeProblem } from '../auth/passwordPolicy.ts';
import { userTypeSchema } from '../auth/userTypeSchema.ts';

/** A new password, checked by the shared policy (src/shared/auth/passwordPolicy.ts); the server adds the leaked list. */
const newPassword = z.string({ error: PASSWORD_MESSAGES.missing }).superRefine((password, context) => {
  const problem = passwordShapeProblem(password);
  if (problem !== undefined) context.addIssue({ code: 'custom', message: problem });
});

/** Changing one's own password asks for the current one (OWASP ASVS 4.0 §2.1.5), so a borrowed session cannot. */
const currentPassword = z
  .string({ error: 'Current password not specified' })
  .min(1, 'Current password not specified')
  .max(PASSWORD_MAX, 'Current password is too long');

export const updateOwnPasswordSchema = z.object({
  UserType: userTypeSchema,
  CurrentPassword: currentPassword,
  NewPassword: newPassword,
});
export const updateOwnClinicPasswordSchema = z.object({
  UserType: userTypeSchema,
  CurrentPassword: currentPassword,
  NewAdminPassword: newPassword,
});
