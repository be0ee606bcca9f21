import { z } from 'zod';
import { USER_TYPES } from './userTypes.ts';

/**
 * The UserType query parameter as the API checks it. Apart from userTypes.ts so that the login page, which needs only
 * the names, does not download zod nor run its code-generation probe, which the Content-Security-Policy
 * forbids ('unsafe-eval').
 */
export const userTypeSchema = z.enum(USER_TYPES, {
  error: () => `UserType should be ${USER_TYPES.join(', ')}`,
});
