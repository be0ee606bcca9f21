import { describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/messages';
import { listEmptyText } from './listEmptyText.ts';

describe('listEmptyText', () => {
  it('says loading, failed, no match or no data, in that spirit', () => {
    expect(listEmptyText({ ready: false, failed: false, searching: false })).toBe('Loading Data...');
    expect(listEmptyText({ ready: false, failed: true, searching: false })).toBe(MESSAGES.someError);
    expect(listEmptyText({ ready: true, failed: false, searching: true })).toBe('No Data Matching Filter Found.');
    expect(listEmptyText({ ready: true, failed: false, searching: false })).toBe('No Data Found.');
  });
});
