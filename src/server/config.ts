import path from 'node:path';

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export type ServerConfig = {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  production: boolean;
  adminPassword: string | undefined;
  /** Idle and absolute token lifetimes (DESIGN.md Security): 30 minutes idle, 12 hours absolute. */
  tokenIdleSeconds: number;
  tokenAbsoluteSeconds: number;
  trustProxy: boolean;
  clientDir: string;
  logLevel: string;
  /** Where session files live (DESIGN.md Storage): DATA_DIR/files on the local disk. */
  storage: StorageConfig;
  /** Largest accepted upload per kind of file; larger ones answer 413. */
  uploadLimits: UploadLimits;
  /** How long a generated report's signed links stay valid (a new tab cannot send the bearer token). */
  reportLinkSeconds: number;
};

export type StorageConfig = { kind: 'local'; dir: string };
export type UploadLimits = { videoBytes: number; textBytes: number };

const MIB = 1024 * 1024;

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0)
    throw new Error(`${name} must be a positive whole number, got '${value}'`);
  return parsed;
}

/** Reads the configuration from the environment; the defaults run the product on one machine with SQLite under ./data. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  const databaseUrl = env.DATABASE_URL;
  let database: DatabaseConfig;
  if (databaseUrl === undefined || databaseUrl === '') {
    database = { kind: 'sqlite', file: path.join(dataDir, 'gait-portal.sqlite') };
  } else if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    database = { kind: 'postgres', url: databaseUrl };
  } else {
    throw new Error('DATABASE_URL must start with postgres:// (leave it unset for the embedded SQLite database)');
  }
  const production = env.NODE_ENV === 'production';
  return {
    port: positiveInt(env.PORT, 8080, 'PORT'),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    database,
    production,
    adminPassword: env.ADMIN_PASSWORD === '' ? undefined : env.ADMIN_PASSWORD,
    tokenIdleSeconds: positiveInt(env.TOKEN_IDLE_SECONDS, 30 * 60, 'TOKEN_IDLE_SECONDS'),
    tokenAbsoluteSeconds: positiveInt(env.TOKEN_ABSOLUTE_SECONDS, 12 * 60 * 60, 'TOKEN_ABSOLUTE_SECONDS'),
    trustProxy: env.TRUST_PROXY === 'true',
    clientDir: path.resolve(env.CLIENT_DIR ?? 'dist'),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'warn' : 'info'),
    storage: { kind: 'local', dir: path.join(dataDir, 'files') },
    uploadLimits: {
      videoBytes: positiveInt(env.MAX_VIDEO_UPLOAD_BYTES, 2048 * MIB, 'MAX_VIDEO_UPLOAD_BYTES'),
      textBytes: positiveInt(env.MAX_TEXT_UPLOAD_BYTES, 200 * MIB, 'MAX_TEXT_UPLOAD_BYTES'),
    },
    reportLinkSeconds: positiveInt(env.REPORT_LINK_SECONDS, 15 * 60, 'REPORT_LINK_SECONDS'),
  };
}
