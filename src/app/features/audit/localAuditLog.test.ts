import { describe, expect, it } from 'vitest';
import { localAuditLog } from './localAuditLog.ts';

describe('localAuditLog', () => {
  const at = new Date(2026, 11, 1, 9, 4, 5, 678);
  const line = (time: string) => `${time}  #12  admin:a1  login  -  success  from 127.0.0.1`;

  it("shows each line's time in local time, to the second, in the reader's date order", () => {
    const text = [line(at.toISOString()), line(new Date(2026, 10, 30, 23, 0).toISOString())].join('\n');
    expect(localAuditLog(text, 'month-first')).toBe(
      [line('12/01/2026 09:04:05'), line('11/30/2026 23:00:00')].join('\n'),
    );
    expect(localAuditLog(text, 'day-first').split('\n')[0]).toBe(line('01/12/2026 09:04:05'));
  });

  it('leaves a time elsewhere in a line as it is', () => {
    const target = `${line(at.toISOString())} since 2026-01-01T00:00:00.000Z`;
    expect(localAuditLog(target, 'day-first')).toBe(`${line('01/12/2026 09:04:05')} since 2026-01-01T00:00:00.000Z`);
  });
});
