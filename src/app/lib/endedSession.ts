import { isSessionEndReason, type SessionEndReason } from '#shared/auth/sessionEnd';
import { userKeyOf, type StoredLogin } from './storedLogin.ts';

/**
 * A login the server ended (docs/spec.md §4 'Access token is invalid'), remembered in the tab's session storage from
 * the forced logout to the next login: the login pages say that it ended and how many unsent changes wait sealed on
 * the device (README Offline: the next online login sends them); after that login the app says once they are sent.
 */
export type EndedSession = {
  userKey: string;
  waiting: number;
  loggedInAgain: boolean;
  /** Why the server ended it, when it said (an old tab's stored value has none). */
  reason: SessionEndReason | null;
};

const KEY = 'gait-ended-session';
const listeners = new Set<() => void>();
let cached: { raw: string | null; value: EndedSession | null } = { raw: null, value: null };

function parse(raw: string | null): EndedSession | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { userKey, waiting, loggedInAgain, reason } = value as Record<string, unknown>;
    if (typeof userKey !== 'string' || typeof waiting !== 'number') return null;
    return {
      userKey,
      waiting,
      loggedInAgain: loggedInAgain === true,
      reason: isSessionEndReason(reason) ? reason : null,
    };
  } catch {
    return null;
  }
}

function write(value: EndedSession | null): void {
  if (value === null) window.sessionStorage.removeItem(KEY);
  else window.sessionStorage.setItem(KEY, JSON.stringify(value));
  for (const listener of listeners) listener();
}

export const endedSessionStore = {
  /** The same object while the stored value is unchanged, as useSyncExternalStore needs. */
  read: (): EndedSession | null => {
    const raw = window.sessionStorage.getItem(KEY);
    if (raw !== cached.raw) cached = { raw, value: parse(raw) };
    return cached.value;
  },
  ended: (login: Pick<StoredLogin, 'loginType' | 'id'>, waiting: number, reason: SessionEndReason | null): void => {
    write({ userKey: userKeyOf(login), waiting, loggedInAgain: false, reason });
  },
  /** A login succeeded: the same user's waiting changes are now being sent; another user's notice goes. */
  loggedIn: (login: Pick<StoredLogin, 'loginType' | 'id'>): void => {
    const ended = endedSessionStore.read();
    if (ended === null) return;
    write(ended.userKey === userKeyOf(login) && ended.waiting > 0 ? { ...ended, loggedInAgain: true } : null);
  },
  clear: (): void => {
    write(null);
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

const changes = (count: number) => (count === 1 ? '1 change' : `${String(count)} changes`);

/** Why, in the user's words: the server's reason for ending the session (src/server/auth/tokens.ts). */
const WHY: Record<SessionEndReason, string> = {
  idle: 'Your session has ended because it was not used for a while.',
  expired: 'Your session has ended because it reached its time limit.',
  ended: 'Your session has ended: you logged out elsewhere or your password was changed.',
};

/** What the login pages say after a forced logout. */
export function endedSessionText(waiting: number, reason: SessionEndReason | null): string {
  const why = reason === null ? 'Your session has ended.' : WHY[reason];
  if (waiting === 0) return `${why} Please log in again.`;
  const verb = waiting === 1 ? 'is' : 'are';
  return `${why} ${changes(waiting)} made on this device ${verb} saved and will be sent after you log in again.`;
}

/** What the app says once the changes that waited through the forced logout reached the server. */
export function waitingSentText(waiting: number): string {
  return `The ${changes(waiting)} saved before your session ended ${waiting === 1 ? 'has' : 'have'} been sent.`;
}
