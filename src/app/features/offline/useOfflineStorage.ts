import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { patientNameAndGivenId, sessionAndSubSessionNumber, type Session } from '#shared/sessions/session';
import { useMirrorRows } from '#app/lib/mirror/mirrorRows';
import {
  clearOwnFiles,
  listKeptFiles,
  removeKeptFile,
  storageUse,
  type KeptFile,
  type StorageUse,
} from '#app/lib/pwa/offlineFiles';

/** A kept file named as the session browser names its session, when the mirror knows it. */
export type KeptFileRow = KeptFile & { sessionLabel: string };

const KEY = ['offlineStorage'] as const;

async function readOfflineStorage(): Promise<{ files: KeptFile[]; use: StorageUse }> {
  const [files, use] = await Promise.all([listKeptFiles(), storageUse()]);
  return { files, use };
}

/** A kept file named by its session; the mirror may not know it (nothing synced yet): its id still tells it apart. */
function labelled(file: KeptFile, sessions: ReadonlyMap<string, Session>): KeptFileRow {
  const session = sessions.get(file.subSessionId);
  const sessionLabel = session
    ? `Session ${sessionAndSubSessionNumber(session)} of ${patientNameAndGivenId(session)}`
    : `Session ${file.sessionId}`;
  return { ...file, sessionLabel };
}

/** The storage panel's data and its two actions; each action re-reads the cache afterwards. */
export function useOfflineStorage() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: KEY, queryFn: readOfflineStorage, networkMode: 'always', staleTime: 0 });
  const { rows } = useMirrorRows('sessions');
  const files = useMemo(() => {
    const sessions = new Map(rows.map((s) => [s.SubSessionID, s]));
    return query.data?.files.map((file) => labelled(file, sessions));
  }, [rows, query.data]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });
  return {
    query,
    files,
    remove: (key: string) => removeKeptFile(key).then(refresh),
    removeAll: () => clearOwnFiles().then(refresh),
  };
}
