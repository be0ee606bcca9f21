import { z } from 'zod';
import { LOGIN_FIELD_MESSAGES as M, PASSWORD_MAX, USERNAME_MAX } from './loginLimits.ts';

export { PASSWORD_MAX };

export const loginRequestSchema = z.object({
  username: z
    .string({ error: M.usernameMissing })
    .trim()
    .min(1, M.usernameMissing)
    .max(USERNAME_MAX, M.usernameTooLong),
  password: z.string({ error: M.passwordMissing }).min(1, M.passwordMissing).max(PASSWORD_MAX, M.passwordTooLong),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginSuccessSchema = z.object({
  Result: z.literal('Success'),
  Data: z.object({ ID: z.string(), AccessToken: z.string() }),
});
export const loginFailureSchema = z.object({
  Result: z.literal('Failure'),
  Data: z.object({ Error: z.string() }),
});
export const loginResponseSchema = z.union([loginSuccessSchema, loginFailureSchema]);
