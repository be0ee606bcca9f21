import { MESSAGES } from '#shared/messages';

export type ListState = { ready: boolean; failed: boolean; searching: boolean };

/**
 * The empty-table text of a list screen (docs/spec.md §2 session browser's wording, used by every browser):
 * 'Loading Data...' before the first sync, then 'No Data Matching Filter Found.' or 'No Data Found.'.
 */
export function listEmptyText({ ready, failed, searching }: ListState): string {
  if (searching) return 'No Data Matching Filter Found.';
  if (failed) return MESSAGES.someError;
  if (!ready) return 'Loading Data...';
  return 'No Data Found.';
}

export type FirstSync = { isPending: boolean; fetchStatus: 'fetching' | 'paused' | 'idle' };

/**
 * Whether a list screen is past its first load: the mirror is read and either holds rows or the first sync ended.
 * Offline the sync is paused rather than pending for ever, so a list never mirrored says 'No Data Found.' instead of
 * 'Loading Data...' on a ward round without network (the top bar says Offline).
 */
export function listLoaded(mirrorReady: boolean, rowCount: number, sync: FirstSync): boolean {
  return mirrorReady && !(rowCount === 0 && sync.isPending && sync.fetchStatus !== 'paused');
}
