import { afterEach, describe, expect, it, vi } from 'vitest';
import { activeAuditFilterCount, auditQueryOf, FROM_AFTER_TO, NO_AUDIT_FILTERS } from './auditFilters.ts';

describe('auditQueryOf', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('sends only the filters that are set, text trimmed', () => {
    expect(auditQueryOf(NO_AUDIT_FILTERS)).toEqual({ query: {} });
    expect(
      auditQueryOf({ ...NO_AUDIT_FILTERS, person: '  hart ', patient: ' ', action: 'login', outcome: 'failure' }),
    ).toEqual({ query: { Person: 'hart', Action: 'login', Outcome: 'failure' } });
  });

  it("bounds the days by the device's midnights, the To day included", () => {
    vi.stubEnv('TZ', 'America/New_York');
    const { query } = auditQueryOf({ ...NO_AUDIT_FILTERS, from: '2026-03-07', to: '2026-03-08' }) as {
      query: Record<string, string>;
    };
    // New York is 5 hours behind UTC on 7 March and 4 hours behind from 8 March (summer time) on.
    expect(query).toEqual({ From: '2026-03-07T05:00:00.000Z', To: '2026-03-09T04:00:00.000Z' });
  });

  it('says so when From is after To, and asks nothing', () => {
    expect(auditQueryOf({ ...NO_AUDIT_FILTERS, from: '2026-03-09', to: '2026-03-08' })).toEqual({
      problem: FROM_AFTER_TO,
    });
  });

  it('counts the filters that are set', () => {
    expect(activeAuditFilterCount(NO_AUDIT_FILTERS)).toBe(0);
    expect(activeAuditFilterCount({ ...NO_AUDIT_FILTERS, person: ' ', patient: 'x', to: '2026-01-01' })).toBe(2);
  });
});
