import { createLazyRoute } from '@tanstack/react-router';
import { AuditLogScreen } from '#app/features/audit/AuditLogScreen';

export const auditLogLazyRoute = createLazyRoute('/admin/audit-log')({ component: AuditLogScreen });
