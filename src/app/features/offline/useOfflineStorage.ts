import { useQuery, useQueryClient } from '@tanstack/react-query';
import { patientNameAndGivenId, sessionAndSubSessionNumber } from '#shared/sessions/session';
import { mirrorDb } from '#app/lib/mirror/db';
import {
  clearOfflineFiles,
  listKeptFiles,
  removeKeptFile,
  storageUse,
  type KeptFile,
  type StorageUse,
} from '#app/lib/pwa/offlineFiles';

/** A kept file named as the session browser names its session, when the mirror knows it. */
export type KeptFileRow = KeptFile & { sessionLabel: string };

const KEY = ['offlineStorage'] as const;

async function readOfflineStorage(): Promise<{ files: KeptFileRow[]; use: StorageUse }> {
  const [files, use] = await Promise.all([listKeptFiles(), storageUse()]);
  // The mirror may be empty (nothing synced yet): the ids still tell the files apart.
  const sessions = await mirrorDb()
    .sessions.bulkGet(files.map((f) => f.subSessionId))
    .catch(() => []);
  const rows = files.map((file, i) => {
    const session = sessions[i];
    const sessionLabel = session
      ? `Session ${sessionAndSubSessionNumber(session)} of ${patientNameAndGivenId(session)}`
      : `Session ${file.sessionId}`;
    return { ...file, sessionLabel };
  });
  return { files: rows, use };
}

/** The storage panel's data and its two actions; each action re-reads the cache afterwards. */
export function useOfflineStorage() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: KEY, queryFn: readOfflineStorage, networkMode: 'always', staleTime: 0 });
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });
  return {
    query,
    remove: (key: string) => removeKeptFile(key).then(refresh),
    removeAll: () => clearOfflineFiles().then(refresh),
  };
}
