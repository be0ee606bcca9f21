import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '#server/deps';
import { clientAddress } from '#server/http/clientAddress';
import type { AuditOutcome } from './auditTrail.ts';

/** Records what the request's user did to which record; anonymous callers are logged as such. */
export function auditRequest(
  deps: AppDeps,
  request: FastifyRequest,
  action: string,
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

/**
 * Runs a write and records it as done or failed. The outcome is read from the reply's status code: awaiting a
 * handler that returns a FastifyReply yields no value (a reply is a thenable that settles empty once sent).
 */
export async function audited(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  action: string,
  target: string,
  write: () => Promise<unknown>,
): Promise<FastifyReply> {
  try {
    await write();
  } catch (error) {
    await auditRequest(deps, request, action, target, 'failure');
    throw error;
  }
  await auditRequest(deps, request, action, target, reply.statusCode < 400 ? 'success' : 'failure');
  return reply;
}
