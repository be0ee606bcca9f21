import { describe, expect, it } from 'vitest';
import { listTarget, shortTarget } from './listTarget.ts';

describe('list read audit targets', () => {
  it('names every record read, once, and the delta it was', () => {
    expect(listTarget('patients', ['a', 'b', 'a'])).toBe('patients:a,b');
    expect(listTarget('clinics', [], '2026-01-01T00:00:00.000Z')).toBe('clinics:none since 2026-01-01T00:00:00.000Z');
  });

  it('shortens only what the audit page shows', () => {
    const ids = Array.from({ length: 20 }, (_, i) => `p${String(i)}`);
    expect(shortTarget(listTarget('patients', ids, 'T'), 3)).toBe('patients:p0,p1,p2 … and 17 more since T');
    expect(shortTarget('patient:p1')).toBe('patient:p1');
  });
});
