import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dateTime.ts';

describe('formatDateTime', () => {
  it('shows DD/MM/YYYY HH:mm in local time', () => {
    const local = new Date(2026, 2, 7, 9, 5).toISOString();
    expect(formatDateTime(local)).toBe('07/03/2026 09:05');
  });

  it('shows nothing for a missing or garbled time', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('soon')).toBe('');
  });
});

describe('formatDate', () => {
  it('keeps a date of birth on its calendar day', () => {
    expect(formatDate('1984-12-31')).toBe('31/12/1984');
  });
});
