import { z } from 'zod';
import { loginFailureSchema, loginRequestSchema, loginSuccessSchema } from '../auth/login.ts';
import type { UserType } from '../auth/userTypes.ts';
import { updateOwnClinicPasswordSchema, updateOwnPasswordSchema } from './account.ts';
import { JSON_BODY_ANSWERS, PUBLIC_ANSWERS, TOKEN_ANSWERS, defineCall, problem } from './call.ts';
import { writeAnswer } from './results.ts';

const retryAfter = z.string().regex(/^\d+$/).describe('Seconds to wait before the next attempt');

const loginCall = <R extends UserType>(role: R) =>
  defineCall({
    method: 'POST',
    path: `/api/${role}Login`,
    tag: 'auth',
    summary: `Log in as a ${role}`,
    description:
      'Every attempt is counted before the password is checked; an unknown user and a wrong password get the same answer.',
    access: 'public',
    body: loginRequestSchema,
    answers: {
      ...PUBLIC_ANSWERS,
      ...JSON_BODY_ANSWERS,
      200: { description: 'Logged in: the user id and an access token', json: loginSuccessSchema },
      400: { description: "A field is missing or too long ('Username not specified')", json: loginFailureSchema },
      401: { description: "'Username or password is incorrect.'", json: loginFailureSchema },
      429: {
        description: 'Too many failed attempts: wait as Retry-After says (the message says it too)',
        json: loginFailureSchema,
        headers: { 'Retry-After': retryAfter },
      },
    },
  });

const logoutCall = <R extends UserType>(role: R) =>
  defineCall({
    method: 'POST',
    path: `/api/${role}Logout`,
    tag: 'auth',
    summary: `Log out a ${role}`,
    description: 'Ends the session of the token it is sent with, whatever its body; other devices stay logged in.',
    access: [role],
    body: z.unknown().describe('Ignored: logout ends the session whatever the body (the app sends none).'),
    answers: { ...TOKEN_ANSWERS, 200: { description: 'Logged out', json: z.object({ result: z.literal('success') }) } },
  });

const ownPasswordCall = <R extends Exclude<UserType, 'admin'>, P extends string, B extends z.ZodType>(
  role: R,
  path: P,
  body: B,
) =>
  defineCall({
    method: 'POST',
    path,
    tag: 'account',
    summary: `Change one's own password (${role})`,
    description:
      'Asks for the current password, which counts as a login attempt; the new one follows the password policy and ' +
      "ends the account's other sessions.",
    access: [role],
    body,
    answers: {
      ...TOKEN_ANSWERS,
      ...JSON_BODY_ANSWERS,
      200: { description: 'Password changed', json: writeAnswer({}) },
      400: problem("A rule of the password policy, or 'The current password is not correct.'"),
      404: problem('The account no longer exists'),
      429: { ...problem('Too many wrong current passwords'), headers: { 'Retry-After': retryAfter } },
    },
  });

/** Logging in and out (one call per kind of login) and changing one's own password. */
export const authCalls = {
  patientLogin: loginCall('patient'),
  clinicianLogin: loginCall('clinician'),
  clinicLogin: loginCall('clinic'),
  adminLogin: loginCall('admin'),
  patientLogout: logoutCall('patient'),
  clinicianLogout: logoutCall('clinician'),
  clinicLogout: logoutCall('clinic'),
  adminLogout: logoutCall('admin'),
  // The admin has no password-change call: 'Changing of admin passwords is unavailable at this time.'
  updateOwnPasswordAsPatient: ownPasswordCall('patient', '/api/updateOwnPasswordAsPatient', updateOwnPasswordSchema),
  updateOwnPasswordAsClinician: ownPasswordCall(
    'clinician',
    '/api/updateOwnPasswordAsClinician',
    updateOwnPasswordSchema,
  ),
  updateOwnPasswordAsClinic: ownPasswordCall('clinic', '/api/updateOwnPasswordAsClinic', updateOwnClinicPasswordSchema),
};
