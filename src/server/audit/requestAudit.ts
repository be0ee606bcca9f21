import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuditAction } from '#shared/audit/auditActions';
import { clientAddress } from '#server/http/clientAddress';
import { replayedAnswer } from '#server/http/idempotency';
import type { AuditOutcome } from './auditHash.ts';
import type { AuditTrail } from './auditTrail.ts';

/** What auditing a request needs of the app's deps: only the trail (deps.ts composes the audit, not the reverse). */
export type AuditDeps = { audit: AuditTrail };

/** Records what the request's user did to which record; anonymous callers are logged as such. */
export function auditRequest(
  deps: AuditDeps,
  request: FastifyRequest,
  action: AuditAction,
  target: string,
  outcome: AuditOutcome = 'success',
): Promise<void> {
  return deps.audit.record({
    userId: request.user?.id ?? 'anonymous',
    role: request.user?.role ?? 'anonymous',
    action,
    target,
    outcome,
    address: clientAddress(request),
  });
}

/** The record a stored answer names, for the audit row of a replay (a server-made id differs on every copy). */
function answeredRecord(answer: Record<string, unknown>): string | undefined {
  const fields = [
    ['UniquePatientID', 'patient'],
    ['ClinicianID', 'clinician'],
    ['ClinicID', 'clinic'],
    ['SubSessionID', 'subSession'],
    ['FileUploadID', 'upload'],
  ] as const;
  for (const [field, label] of fields) {
    if (typeof answer[field] === 'string') return `${label}:${answer[field]}`;
  }
  return undefined;
}

const writes = new WeakMap<FastifyRequest, { action: AuditAction; target: string }>();
const reads = new WeakMap<FastifyRequest, Promise<void>>();

/**
 * Starts the audit row of a successful read whose answer the handler is about to return: the row is committed while
 * the answer is serialized and compressed (for a large page, beside that work instead of after it), and
 * registerWriteAudit's onSend hook waits for the commit before the answer goes out. A row that cannot be
 * written turns the answer into an error: a read that is answered is audited.
 */
export function auditRead(deps: AuditDeps, request: FastifyRequest, action: AuditAction, target: string): void {
  const committed = auditRequest(deps, request, action, target);
  // Awaited in onSend; until then a failure must not count as an unhandled rejection (an answer that fails before
  // onSend, e.g. in serialization, is an error answer either way).
  committed.catch(() => undefined);
  reads.set(request, committed);
}

/**
 * Audits every write announced with `audited` just before its answer goes out, whatever the answer is (done, refused
 * by the handler, or turned into an error by the error handler): the row is in the trail before the client learns
 * the outcome. A replayed Idempotency-Key did not run the write again: its row names the record the first answer
 * named and says it was a replay. A read started with `auditRead` is held until its row is committed; this hook is
 * registered after compression, so the answer is compressed meanwhile.
 */
export function registerWriteAudit(app: FastifyInstance, deps: AuditDeps): void {
  app.addHook('onSend', async (request, reply) => {
    const read = reads.get(request);
    if (read !== undefined) {
      reads.delete(request);
      await read;
    }
    const write = writes.get(request);
    if (write === undefined) return;
    writes.delete(request);
    const replay = replayedAnswer(request);
    const target = replay === undefined ? write.target : `${answeredRecord(replay) ?? write.target} (replayed)`;
    await auditRequest(deps, request, write.action, target, reply.statusCode < 400 ? 'success' : 'failure');
  });
}

/** Runs a write whose outcome is audited as it is answered (registerWriteAudit). */
export async function audited(
  _deps: AuditDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  action: AuditAction,
  target: string,
  write: () => Promise<unknown>,
): Promise<FastifyReply> {
  writes.set(request, { action, target });
  await write();
  return reply;
}
