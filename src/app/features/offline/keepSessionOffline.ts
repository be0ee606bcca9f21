import type { OfflineFileKind } from '#shared/sessions/offlineFiles';
import type { Session } from '#shared/sessions/session';
import { sessionFilePath } from '#shared/sessions/sessionFiles';
import { fetchElevatedAccess } from '#app/lib/elevatedAccess';
import { askForPersistentStorage } from '#app/lib/pwa/offlineFiles';
import { storeSessionFile } from '#app/lib/pwa/storeSessionFile';
import type { StoredLogin } from '#app/lib/storedLogin';
import { offlineTargets } from './offlineTargets.ts';

export type KeepProgress = {
  kind: OfflineFileKind;
  index: number;
  count: number;
  loaded: number;
  total: number | null;
};

/**
 * Stores a session's joint data and permitted video on this device (docs/design.md Data flow 6). Returns how many files
 * were kept; a file the server does not have is skipped.
 */
export async function keepSessionOffline(
  session: Session,
  login: StoredLogin,
  onProgress: (progress: KeepProgress) => void,
): Promise<number> {
  // Asked now, when the user first chooses to keep something: the browser may otherwise evict the files.
  await askForPersistentStorage().catch(() => false);
  const kinds = offlineTargets(session, login.loginType, await fetchElevatedAccess(login));
  let kept = 0;
  for (const [index, kind] of kinds.entries()) {
    onProgress({ kind, index, count: kinds.length, loaded: 0, total: null });
    const path = sessionFilePath(session.SessionID, session.SubSessionID, kind);
    const size = await storeSessionFile(path, login, ({ loaded, total }) =>
      onProgress({ kind, index, count: kinds.length, loaded, total }),
    );
    if (size !== null) kept += 1;
  }
  return kept;
}
