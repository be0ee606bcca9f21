import { z } from 'zod';
import { PASSWORD_MAX } from '../auth/login.ts';
import { userTypeSchema } from '../auth/userTypes.ts';

export const PASSWORD_MIN = 8;

const newPassword = z
  .string({ error: 'Password not specified' })
  .min(1, 'Password not specified')
  .min(PASSWORD_MIN, `Password is too short: use at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, 'Password is too long');

export const updateOwnPasswordSchema = z.object({ UserType: userTypeSchema, NewPassword: newPassword });
export const updateOwnClinicPasswordSchema = z.object({ UserType: userTypeSchema, NewAdminPassword: newPassword });
