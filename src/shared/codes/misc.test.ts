import { describe, expect, it } from 'vitest';
import { MISC_CODES } from './misc.ts';
import { WALK_TESTS } from './tests.ts';

// Both lists' ids are stored on patients and sessions, so a clash would mislabel stored records.
describe('patient tags', () => {
  it('have unique short ids and non-empty labels', () => {
    const ids = MISC_CODES.map((tag) => tag.CodeID);
    expect(new Set(ids).size).toBe(ids.length);
    for (const tag of MISC_CODES) {
      expect(tag.CodeID).toMatch(/^M\d{2}$/);
      expect(tag.Label.trim()).not.toBe('');
    }
  });
});

describe('walk tests', () => {
  it('have unique short ids and non-empty names', () => {
    const ids = WALK_TESTS.map((test) => test.TestID);
    expect(new Set(ids).size).toBe(ids.length);
    for (const test of WALK_TESTS) {
      expect(test.TestID).toMatch(/^T\d{2}$/);
      expect(test.Name.trim()).not.toBe('');
    }
  });
});
