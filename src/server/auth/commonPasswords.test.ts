import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '#shared/auth/passwordPolicy';
import { DEMO_PASSWORD } from '#server/seed/demoPeople';
import { isCommonPassword, passwordProblem } from './commonPasswords.ts';

describe('password policy', () => {
  it('accepts the demo password and long passphrases, spaces and pasted symbols included', () => {
    expect(passwordProblem(DEMO_PASSWORD)).toBeUndefined();
    expect(passwordProblem('correct horse battery staple')).toBeUndefined();
    expect(passwordProblem('  Gänge über 12 Ÿ  ')).toBeUndefined();
  });

  it.each([
    ['', PASSWORD_MESSAGES.missing],
    ['            ', PASSWORD_MESSAGES.onlySpaces],
    ['Short-1', PASSWORD_MESSAGES.tooShort],
    ['🦶🦶🦶🦶🦶🦶🦶🦶🦶🦶🦶', PASSWORD_MESSAGES.tooShort],
    ['x'.repeat(201), PASSWORD_MESSAGES.tooLong],
    ['qwertyuiop123', PASSWORD_MESSAGES.tooCommon],
    ['1Q2W3E4R5T6Y', PASSWORD_MESSAGES.tooCommon],
  ])('refuses %j: %s', (password, message) => {
    expect(passwordProblem(password)).toBe(message);
  });

  it('knows the bundled list (hundreds of leaked passwords of 12 characters or more)', () => {
    expect(isCommonPassword('123456789012')).toBe(true);
    expect(isCommonPassword('Walk-Faster-2027')).toBe(false);
  });
});
