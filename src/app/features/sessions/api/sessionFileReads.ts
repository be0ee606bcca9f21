import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Session } from '#shared/sessions/session';
import { sessionFilePath, type SessionFileKind } from '#shared/sessions/sessionFiles';
import { api } from '#app/lib/api';
import { loginStore } from '#app/lib/storedLogin';

const userTypeParam = (): Record<string, string> => {
  const login = loginStore.read();
  return login ? { UserType: login.loginType } : {};
};

/** The text viewer's file (docs/spec.md §7: the download path without Internal/ answers the file as text). */
function getSessionFileText(session: Session, kind: SessionFileKind): Promise<string> {
  const path = sessionFilePath(session.SessionID, session.SubSessionID, kind, false);
  // A 50 MB joint data file on ward Wi-Fi needs longer than the client's default 30 s.
  return api.get(path, { searchParams: userTypeParam(), timeout: 120_000 }).text();
}

function sessionFileTextQueryOptions(session: Session, kind: SessionFileKind) {
  return queryOptions({
    queryKey: ['sessionFileText', session.SubSessionID, session.DateModified, kind],
    queryFn: () => getSessionFileText(session, kind),
    // A 50 MB string must not linger once the viewer is closed.
    gcTime: 0,
    retry: false,
  });
}

export const useSessionFileText = (session: Session, kind: SessionFileKind) =>
  useQuery(sessionFileTextQueryOptions(session, kind));

/**
 * The body of a stored file as a stream, with the content type it is served with, for the zip (bearer token in the
 * header, not the address).
 */
export async function openSessionFile(
  session: Session,
  kind: SessionFileKind,
  signal?: AbortSignal,
): Promise<{ body: ReadableStream<Uint8Array>; contentType: string }> {
  const response = await api.get(sessionFilePath(session.SessionID, session.SubSessionID, kind), {
    searchParams: userTypeParam(),
    // Videos take as long as they take; closing the dialog aborts.
    timeout: false,
    signal,
  });
  if (!response.body) throw new Error('The file came back empty.');
  return { body: response.body, contentType: response.headers.get('content-type') ?? '' };
}
