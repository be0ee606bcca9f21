import { z } from 'zod';

export const USERNAME_MAX = 100;
export const PASSWORD_MAX = 200;

export const loginRequestSchema = z.object({
  username: z
    .string({ error: 'Username not specified' })
    .trim()
    .min(1, 'Username not specified')
    .max(USERNAME_MAX, 'Username is too long'),
  password: z
    .string({ error: 'Password not specified' })
    .min(1, 'Password not specified')
    .max(PASSWORD_MAX, 'Password is too long'),
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
export type LoginResponse = z.infer<typeof loginResponseSchema>;
