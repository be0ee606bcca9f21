import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { endedSessionStore } from '#app/lib/endedSession';
import { EndedSessionNotice } from './EndedSessionNotice.tsx';

const login = { loginType: 'clinician', id: 'c-1' } as const;

afterEach(() => {
  endedSessionStore.clear();
});

describe('EndedSessionNotice', () => {
  it.each([
    ['idle', 'Your session has ended because it was not used for a while. Please log in again.'],
    ['expired', 'Your session has ended because it reached its time limit. Please log in again.'],
    ['ended', 'Your session has ended: you logged out elsewhere or your password was changed. Please log in again.'],
    [null, 'Your session has ended. Please log in again.'],
  ] as const)('says why the server ended the session (%s)', (reason, text) => {
    endedSessionStore.ended(login, 0, reason);
    render(<EndedSessionNotice />);
    expect(screen.getByRole('status').textContent).toBe(text);
  });

  it('keeps the reason beside the waiting changes, and goes once they are being sent', () => {
    endedSessionStore.ended(login, 2, 'idle');
    render(<EndedSessionNotice />);
    expect(screen.getByRole('status').textContent).toBe(
      'Your session has ended because it was not used for a while. 2 changes made on this device are saved and will ' +
        'be sent after you log in again.',
    );
    act(() => endedSessionStore.loggedIn(login));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('reads a value stored by an older tab, which has no reason, and ignores a reason it does not know', () => {
    window.sessionStorage.setItem('gait-ended-session', JSON.stringify({ userKey: 'clinician-c-1', waiting: 0 }));
    const { unmount } = render(<EndedSessionNotice />);
    expect(screen.getByRole('status').textContent).toBe('Your session has ended. Please log in again.');
    unmount();
    window.sessionStorage.setItem(
      'gait-ended-session',
      JSON.stringify({ userKey: 'clinician-c-1', waiting: 0, reason: 'hacked' }),
    );
    render(<EndedSessionNotice />);
    expect(screen.getByRole('status').textContent).toBe('Your session has ended. Please log in again.');
  });
});
