import { describe, expect, it } from 'vitest';
import { validateSessionsSearch } from './sessionSearch.ts';

describe('validateSessionsSearch', () => {
  it('keeps a patient id', () => {
    expect(validateSessionsSearch({ patient: '5f1c2a7e-0b7d-4c1e-9b51-2f6d0c1a9e33' })).toEqual({
      patient: '5f1c2a7e-0b7d-4c1e-9b51-2f6d0c1a9e33',
    });
  });

  it('drops anything that is not an id', () => {
    expect(validateSessionsSearch({})).toEqual({});
    expect(validateSessionsSearch({ patient: '' })).toEqual({});
    expect(validateSessionsSearch({ patient: 42 })).toEqual({});
    expect(validateSessionsSearch({ patient: '<script>' })).toEqual({});
    expect(validateSessionsSearch({ patient: 'x'.repeat(65) })).toEqual({});
  });
});
