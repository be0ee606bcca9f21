import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.ts';
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
    address: request.ip,
  });
}

/** Runs a write and records it as done or failed, whichever way it ends. */
export async function audited<T extends { statusCode: number }>(
  deps: AppDeps,
  request: FastifyRequest,
  action: string,
  target: string,
  write: () => Promise<T>,
): Promise<T> {
  try {
    const sent = await write();
    await auditRequest(deps, request, action, target, sent.statusCode < 400 ? 'success' : 'failure');
    return sent;
  } catch (error) {
    await auditRequest(deps, request, action, target, 'failure');
    throw error;
  }
}
