import { SESSION_FILE_FORMATS, type SessionFileKind } from './sessionFiles.ts';

/**
 * Session files kept for offline use (docs/design.md Data flow 6). The service worker and the page share these rules,
 * so both read and write the same Cache Storage entries: one cache per account, every file in it sealed with that
 * account's vault key (#shared/vault/sealedChunks), so another user of the device cannot read it.
 */
export const sessionFilesCache = (userKey: string) => `session-files-v2:${userKey}`;

export const isSessionFilesCache = (name: string) => name.startsWith('session-files-');

/** Before files were sealed they were kept readable in one shared cache; it is deleted wherever it is found. */
export const READABLE_FILES_CACHE = 'session-files-v1';

/** Query parameters that say who asked, not what was asked for: a new token must find the same cached file. */
const CREDENTIAL_PARAMS = ['access_token', 'UserType'];

const SESSION_FILE_PATH = /^(?:\/Internal)?\/download\/sessionData\/([^/]+?)_([^/.]+)\.([^/]+)$/;

export type OfflineFileKind = Extract<
  SessionFileKind,
  'jointData' | 'originalRecording' | 'gaitMetrics' | 'video' | 'blurredVideo'
>;

const KEPT_KINDS: readonly OfflineFileKind[] = [
  'jointData',
  'originalRecording',
  'gaitMetrics',
  'video',
  'blurredVideo',
];

export type OfflineFileName = { sessionId: string; subSessionId: string; kind: OfflineFileKind };

/**
 * The Cache Storage key of a session file: its absolute address without the token (so no token is ever stored and a
 * new login finds the same file), and with /Internal, so the text viewer's address finds the same kept file. Plain
 * string work, because shared code has no DOM `URL`.
 */
export function sessionFileCacheKey(href: string): string {
  const [withFragment = ''] = href.split('#');
  const address = withFragment.replace(
    /^(https?:\/\/[^/]+)?\/download\//,
    (_, origin: string | undefined) => `${origin ?? ''}/Internal/download/`,
  );
  const queryStart = address.indexOf('?');
  if (queryStart < 0) return address;
  const kept = address
    .slice(queryStart + 1)
    .split('&')
    .filter((pair) => pair !== '' && !CREDENTIAL_PARAMS.includes(decodeURIComponent(pair.split('=')[0] ?? '')));
  return `${address.slice(0, queryStart)}${kept.length > 0 ? `?${kept.join('&')}` : ''}`;
}

/**
 * Which stored file a download path names, when it is one kept offline (joint data, original recording, gait metrics,
 * video).
 */
export function offlineFileOf(pathname: string): OfflineFileName | null {
  const match = SESSION_FILE_PATH.exec(pathname);
  if (!match) return null;
  const [, sessionId = '', subSessionId = '', format = ''] = match;
  const kind = KEPT_KINDS.find((k) => SESSION_FILE_FORMATS[k] === format);
  return kind
    ? { sessionId: decodeURIComponent(sessionId), subSessionId: decodeURIComponent(subSessionId), kind }
    : null;
}

/**
 * The files the skeleton viewer reads: the joint data, the original recording it was converted from (the viewer
 * draws the file's own skeleton from it), and the gait metrics file stored from the joint data (the viewer draws its
 * gait events rather than running the engine). All are fetched from the network first and kept when answered whole.
 */
export const isRecordingPath = (pathname: string): boolean => {
  const kind = offlineFileOf(pathname)?.kind;
  return kind === 'jointData' || kind === 'originalRecording' || kind === 'gaitMetrics';
};

export const isVideoPath = (pathname: string): boolean => {
  const kind = offlineFileOf(pathname)?.kind;
  return kind === 'video' || kind === 'blurredVideo';
};

/** Addresses the app shell must never answer for: the server's API and file downloads. */
export const NOT_SHELL_PATHS: readonly RegExp[] = [/^\/api\//, /^\/Internal\//, /^\/download\//, /^\/reports\//];
