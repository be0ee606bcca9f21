/** Why a joint data file could not be shown; every case has a message, so the viewer is never a blank canvas. */
export type LoadFailure =
  { kind: 'http'; status: number } | { kind: 'timeout' } | { kind: 'network' } | { kind: 'file'; error: string };

export const NO_JOINT_DATA = 'This session has no joint data file.';
/** docs/spec.md §9: the joint data download has a 20 s timeout. */
export const JOINT_DATA_TIMEOUT_MS = 20_000;

export function loadFailureMessage(failure: LoadFailure): string {
  switch (failure.kind) {
    case 'http':
      // docs/design.md: another tenant's session answers 404 too, so 404 must not claim more than "no file here".
      if (failure.status === 404) return NO_JOINT_DATA;
      if (failure.status === 401 || failure.status === 403)
        return 'You do not have access to this session’s joint data file.';
      return `The server could not send the joint data file (HTTP ${failure.status}). Try again later.`;
    case 'timeout':
      return `The joint data file did not arrive within ${JOINT_DATA_TIMEOUT_MS / 1000} seconds. Check the network connection and try again.`;
    case 'network':
      return 'The joint data file could not be downloaded: the network is unavailable. Check the connection and try again.';
    case 'file':
      return failure.error;
  }
}

/** A file that failed to parse will fail again; a network or server hiccup may not. */
export const canRetry = (failure: LoadFailure): boolean =>
  failure.kind === 'timeout' || failure.kind === 'network' || (failure.kind === 'http' && failure.status >= 500);
