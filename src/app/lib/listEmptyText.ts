import { MESSAGES } from '#shared/messages';

export type ListState = { ready: boolean; failed: boolean; searching: boolean };

/**
 * The empty-table text of a list screen (spec §2 session browser's wording, used by every browser):
 * 'Loading Data...' before the first sync, then 'No Data Matching Filter Found.' or 'No Data Found.'.
 */
export function listEmptyText({ ready, failed, searching }: ListState): string {
  if (searching) return 'No Data Matching Filter Found.';
  if (failed) return MESSAGES.someError;
  if (!ready) return 'Loading Data...';
  return 'No Data Found.';
}
