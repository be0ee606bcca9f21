import { createHash, createHmac } from 'node:crypto';

export type AuditOutcome = 'success' | 'failure' | 'denied';

export type AuditEvent = {
  userId: string;
  role: string;
  action: string;
  target: string;
  outcome: AuditOutcome;
  address: string;
};

/** The first row chains to this fixed value. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * Each row's hash covers its own content and the previous row's hash, so altering or removing a row breaks the chain.
 * It is an HMAC with the audit key (src/server/audit/auditSeal.ts), so nobody without the key can re-hash a changed
 * chain; rows written before the key existed used a plain SHA-256 (key null) and are checked that way.
 */
export function auditHash(key: Buffer | null, at: string, event: AuditEvent, prevHash: string): string {
  const content = JSON.stringify([
    at,
    event.userId,
    event.role,
    event.action,
    event.target,
    event.outcome,
    event.address,
    prevHash,
  ]);
  return (key === null ? createHash('sha256') : createHmac('sha256', key)).update(content).digest('hex');
}

/** A batch's rows as the table holds them, each chained to the one before, the first to `prevHash`. */
export function chainRows(key: Buffer | null, at: string, events: readonly AuditEvent[], prevHash: string) {
  let prev = prevHash;
  return events.map((event) => {
    const hash = auditHash(key, at, event, prev);
    const row = {
      at,
      user_id: event.userId,
      role: event.role,
      action: event.action,
      target: event.target,
      outcome: event.outcome,
      address: event.address,
      prev_hash: prev,
      hash,
    };
    prev = hash;
    return row;
  });
}
