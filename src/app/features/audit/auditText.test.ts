import { describe, expect, it } from 'vitest';
import type { AuditEventRow } from '#shared/audit/auditEvents';
import { actorName, readableTarget, recordsText } from './auditText.ts';

const event = (overrides: Partial<AuditEventRow>): AuditEventRow => ({
  ID: 1,
  At: '2026-12-01T09:04:05.678Z',
  Actor: { ID: 'c1', Role: 'clinician', Name: 'Amelia Hart' },
  Action: 'patients.list',
  Outcome: 'success',
  Address: '127.0.0.1',
  Target: 'patients:p1,p2',
  Records: [],
  MoreRecords: 0,
  ...overrides,
});

describe('audit entry texts', () => {
  it('names records by label, else by kind and id, and counts the rest', () => {
    const records = [
      { Kind: 'patient', ID: 'p1', Label: 'Olivia Bennett (GP-1001)' },
      { Kind: 'upload', ID: 'u7', Label: null },
    ];
    expect(recordsText(event({ Records: records, MoreRecords: 3 }))).toBe(
      'Olivia Bennett (GP-1001); Upload u7; and 3 more',
    );
  });

  it('says who acted, or what the trail stored when it cannot name them', () => {
    expect(actorName(event({}))).toBe('Amelia Hart');
    expect(actorName(event({ Actor: { ID: 'unknown(zed)', Role: 'clinician', Name: null } }))).toBe(
      'Unknown (unknown(zed))',
    );
  });

  it('shows the filters of a read of the log as they were typed', () => {
    expect(readableTarget('audit_log Patient=Olivia%20Bennett Person=%25')).toBe(
      'audit_log Patient=Olivia Bennett Person=%',
    );
    expect(readableTarget('audit_log Person=%E0%A4%A')).toBe('audit_log Person=%E0%A4%A');
  });
});
