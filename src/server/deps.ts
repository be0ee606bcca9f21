import type { SessionAnalyser } from './analysis/sessionAnalyser.ts';
import type { AuditTrail } from './audit/auditTrail.ts';
import type { Clock } from './clock.ts';
import type { ServerConfig } from './config.ts';
import type { DbHandle } from './db/connect.ts';
import type { FileStorage } from './storage/fileStorage.ts';

/** Everything a request handler may use, passed in by buildApp so tests can swap any part. */
export type AppDeps = {
  config: ServerConfig;
  database: DbHandle;
  clock: Clock;
  audit: AuditTrail;
  /** Signs the login's device cookies (src/server/auth/deviceCookie.ts). */
  deviceCookieKey: Buffer;
};

/** What the files need beside the app's deps: the file store, chosen from the configuration when the app is built. */
export type StorageDeps = AppDeps & { storage: FileStorage };

/** The session and report calls also analyse session files, in a worker thread. */
export type SessionDeps = StorageDeps & { analyser: SessionAnalyser };
