import type { Session } from '#shared/sessions/session';
import { sessionFilePath, type SessionFileKind } from '#shared/sessions/sessionFiles';
import type { StoredLogin } from '#app/lib/storedLogin';

/**
 * The address of a stored file with the token in the query (docs/spec.md §7): `<video src>`, download links and new tabs
 * cannot send an Authorization header (docs/design.md API conventions). `internal: false` answers the file as text.
 */
export function sessionFileUrl(session: Session, kind: SessionFileKind, login: StoredLogin, internal = true): string {
  const query = new URLSearchParams({ access_token: login.accessToken, UserType: login.loginType });
  return `${sessionFilePath(session.SessionID, session.SubSessionID, kind, internal)}?${query.toString()}`;
}
