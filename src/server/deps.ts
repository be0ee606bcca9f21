import type { AuditTrail } from './audit/auditTrail.ts';
import type { Clock } from './clock.ts';
import type { ServerConfig } from './config.ts';
import type { DbHandle } from './db/connect.ts';

/** Everything a request handler may use, passed in by buildApp so tests can swap any part. */
export type AppDeps = {
  config: ServerConfig;
  database: DbHandle;
  clock: Clock;
  audit: AuditTrail;
};
