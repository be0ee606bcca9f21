import { describe, expect, it } from 'vitest';
import { afterLoginHref, decideAccess, safeRedirect } from './access.ts';

const patient = { id: 'p1', accessToken: 't', loginType: 'patient' } as const;

describe('decideAccess', () => {
  it('sends a visitor without a token to login, remembering the page', () => {
    expect(decideAccess(null, ['patient'], '/patient/home')).toEqual({
      kind: 'login',
      redirect: '/patient/home',
    });
  });

  it('lets the right role in', () => {
    expect(decideAccess(patient, ['patient'], '/patient/home')).toEqual({ kind: 'allow', login: patient });
  });

  it('sends another role to its own home', () => {
    expect(decideAccess(patient, ['clinician', 'admin'], '/admin/home')).toEqual({
      kind: 'ownHome',
      path: '/patient/home',
    });
  });
});

describe('after login', () => {
  it('goes to the requested page when it is on this site', () => {
    expect(afterLoginHref('clinic', '/clinic/home?x=1')).toBe('/clinic/home?x=1');
  });

  it('goes home when nothing or something foreign was requested', () => {
    expect(afterLoginHref('clinician', undefined)).toBe('/clinician/home');
    for (const foreign of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect(safeRedirect(foreign)).toBeUndefined();
    }
  });
});
