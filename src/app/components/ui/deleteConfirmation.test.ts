import { describe, expect, it } from 'vitest';
import { deleteTargetText, isDeleteConfirmed } from './deleteConfirmation.ts';

describe('delete target text', () => {
  it('is the full name, a single name, or the fallback', () => {
    expect(deleteTargetText('Amelia', 'Hart', 'P-1')).toBe('Amelia Hart');
    expect(deleteTargetText('', 'Hart', 'P-1')).toBe('Hart');
    expect(deleteTargetText(' Amelia ', null, 'P-1')).toBe('Amelia');
    expect(deleteTargetText('', '  ', 'P-1')).toBe('P-1');
  });
});

describe('delete confirmation', () => {
  it('accepts only the exact text', () => {
    expect(isDeleteConfirmed('Amelia Hart', 'Amelia Hart')).toBe(true);
    expect(isDeleteConfirmed('amelia hart', 'Amelia Hart')).toBe(false);
    expect(isDeleteConfirmed('Amelia Hart ', 'Amelia Hart')).toBe(false);
    expect(isDeleteConfirmed('Amelia', 'Amelia Hart')).toBe(false);
  });

  it('never confirms an empty target', () => {
    expect(isDeleteConfirmed('', '')).toBe(false);
  });
});
