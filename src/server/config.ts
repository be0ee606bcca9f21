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
  /** Whom to believe about the client's address: nobody, the nearest N proxies, or proxies at these addresses. */
  trustProxy: TrustProxy;
  clientDir: string;
  logLevel: string;
  /** Where session files live (DESIGN.md Storage): DATA_DIR/files on the local disk. */
  storage: StorageConfig;
  /** The audit trail's key (AUDIT_KEY, or a file made on first start) and its checkpoint file, kept out of the database. */
  auditKey: string | undefined;
  auditKeyFile: string;
  auditCheckpointFile: string;
  /** Heap of the worker thread that parses session files and computes their metrics (ANALYSIS_MEMORY_MB). */
  analysisMemoryMb: number;
  /** Largest accepted upload per kind of file; larger ones answer 413. */
  uploadLimits: UploadLimits;
  /** How long a generated report's signed links stay valid (a new tab cannot send the bearer token). */
  reportLinkSeconds: number;
};

export type TrustProxy = false | number | string[];
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

/**
 * TRUST_PROXY: unset or 'false' trusts no X-Forwarded-For; a whole number trusts that many proxies in front (the
 * address the nearest of them saw is the client's); otherwise a comma-separated list of proxy addresses or CIDR
 * ranges. 'true' is refused: trusting every hop lets any client name its own address and slip past the throttle.
 */
export function trustProxyOf(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') {
    throw new Error(
      'TRUST_PROXY=true would trust any X-Forwarded-For a client sends; set the number of proxies in front ' +
        '(e.g. TRUST_PROXY=1) or their addresses (e.g. TRUST_PROXY=10.0.0.5,10.0.1.0/24)',
    );
  }
  if (/^\d+$/.test(text)) return Number(text);
  const list = text.split(',').map((item) => item.trim());
  const bad = list.find((item) => !/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(item));
  if (bad !== undefined) throw new Error(`TRUST_PROXY: '${bad}' is neither a proxy count nor an address or CIDR range`);
  return list;
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
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    clientDir: path.resolve(env.CLIENT_DIR ?? 'dist'),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'warn' : 'info'),
    storage: { kind: 'local', dir: path.join(dataDir, 'files') },
    auditKey: env.AUDIT_KEY === '' ? undefined : env.AUDIT_KEY,
    auditKeyFile: path.resolve(env.AUDIT_KEY_FILE ?? path.join(dataDir, 'audit.key')),
    auditCheckpointFile: path.resolve(env.AUDIT_CHECKPOINT_FILE ?? path.join(dataDir, 'audit-checkpoint.json')),
    analysisMemoryMb: positiveInt(env.ANALYSIS_MEMORY_MB, 768, 'ANALYSIS_MEMORY_MB'),
    uploadLimits: {
      videoBytes: positiveInt(env.MAX_VIDEO_UPLOAD_BYTES, 2048 * MIB, 'MAX_VIDEO_UPLOAD_BYTES'),
      textBytes: positiveInt(env.MAX_TEXT_UPLOAD_BYTES, 200 * MIB, 'MAX_TEXT_UPLOAD_BYTES'),
    },
    reportLinkSeconds: positiveInt(env.REPORT_LINK_SECONDS, 15 * 60, 'REPORT_LINK_SECONDS'),
  };
}
