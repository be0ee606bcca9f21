import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime } from './dateTime.ts';

describe('formatDateTime', () => {
  it('shows DD/MM/YYYY HH:mm in local time outside en-US', () => {
    const local = new Date(2026, 2, 7, 9, 5).toISOString();
    expect(formatDateTime(local, 'day-first')).toBe('07/03/2026 09:05');
  });

  it('shows 1 December as 12/01/2026 to en-US users, the order their forms take (docs/spec.md §5)', () => {
    const local = new Date(2026, 11, 1, 14, 30).toISOString();
    expect(formatDateTime(local, 'month-first')).toBe('12/01/2026 14:30');
    expect(formatDateTime(local, 'day-first')).toBe('01/12/2026 14:30');
  });

  it('adds seconds when asked, for the audit log', () => {
    const local = new Date(2026, 11, 1, 14, 30, 7).toISOString();
    expect(formatDateTime(local, 'month-first', { seconds: true })).toBe('12/01/2026 14:30:07');
  });

  it('shows nothing for a missing or garbled time', () => {
    expect(formatDateTime(null, 'day-first')).toBe('');
    expect(formatDateTime('soon', 'month-first')).toBe('');
  });
});

describe('formatDate', () => {
  it('keeps a date of birth on its calendar day, in the locale order', () => {
    expect(formatDate('1984-12-31', 'day-first')).toBe('31/12/1984');
    expect(formatDate('1984-12-01', 'month-first')).toBe('12/01/1984');
  });

  it('shows the local day of a time', () => {
    expect(formatDate(new Date(2026, 11, 1, 23, 59).toISOString(), 'month-first')).toBe('12/01/2026');
  });
});

describe('the browser order', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['en-US', '12/01/2026'],
    ['en-GB', '01/12/2026'],
    ['de-DE', '01/12/2026'],
  ])("follows the forms' rule for %s", (language, shown) => {
    vi.stubGlobal('navigator', { language });
    expect(formatDate('2026-12-01')).toBe(shown);
    expect(formatDateTime(new Date(2026, 11, 1, 8, 0).toISOString())).toBe(`${shown} 08:00`);
  });
});
