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
