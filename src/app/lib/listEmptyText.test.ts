import { describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/messages';
import { listEmptyText, listLoaded } from './listEmptyText.ts';

describe('listEmptyText', () => {
  it('says loading, failed, no match or no data, in that spirit', () => {
    expect(listEmptyText({ ready: false, failed: false, searching: false })).toBe('Loading Data...');
    expect(listEmptyText({ ready: false, failed: true, searching: false })).toBe(MESSAGES.someError);
    expect(listEmptyText({ ready: true, failed: false, searching: true })).toBe('No Data Matching Filter Found.');
    expect(listEmptyText({ ready: true, failed: false, searching: false })).toBe('No Data Found.');
  });
});

describe('listLoaded', () => {
  const sync = (isPending: boolean, fetchStatus: 'fetching' | 'paused' | 'idle') => ({ isPending, fetchStatus });
  it('waits for the mirror, then for the first sync only while the list is empty and the sync can run', () => {
    expect(listLoaded(false, 10, sync(false, 'idle'))).toBe(false);
    expect(listLoaded(true, 0, sync(true, 'fetching'))).toBe(false);
    expect(listLoaded(true, 5, sync(true, 'fetching'))).toBe(true);
    expect(listLoaded(true, 0, sync(false, 'idle'))).toBe(true);
  });

  it('does not say loading for ever when the first sync is paused offline', () => {
    expect(listLoaded(true, 0, sync(true, 'paused'))).toBe(true);
  });
});
