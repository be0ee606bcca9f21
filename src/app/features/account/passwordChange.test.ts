import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '#shared/auth/passwordPolicy';
import { MESSAGES } from '#shared/messages';
import { checkPasswordChange, reportError, reportResult } from './passwordChange.ts';

describe('before the password call', () => {
  it('stops on differing entries, then on the admin', () => {
    expect(checkPasswordChange('patient', 'a-long-secret', 'a-long-secreT')).toEqual({
      ok: false,
      message: 'Passwords entered are not the same.',
    });
    expect(checkPasswordChange('admin', 'a-long-secret', 'a-long-secret')).toEqual({
      ok: false,
      message: 'Changing of admin passwords is unavailable at this time.',
    });
    expect(checkPasswordChange('clinic', 'a-long-secret', 'a-long-secret')).toEqual({ ok: true, owner: 'clinic' });
  });
});

describe('after the password call', () => {
  it('reports success only for returnValue 0', () => {
    expect(reportResult({ result: 'success', returnValue: 0 })).toEqual({
      succeeded: true,
      message: 'Password updated successfully',
    });
    expect(reportResult({ result: 'success', returnValue: 3 })).toEqual({
      succeeded: false,
      message: 'Please check all the details before updating the password.',
    });
  });

  it('shows known validation messages verbatim and hides the rest', () => {
    expect(reportError('Password not specified').message).toBe('Error: Password not specified');
    expect(reportError(PASSWORD_MESSAGES.tooCommon).message).toBe(`Error: ${PASSWORD_MESSAGES.tooCommon}`);
    expect(reportError(MESSAGES.currentPasswordWrong).message).toBe(`Error: ${MESSAGES.currentPasswordWrong}`);
    expect(reportError('SQLITE_BUSY: database is locked').message).toBe(MESSAGES.someError);
    expect(reportError(undefined).message).toBe(MESSAGES.someError);
  });
});
