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
  /** Seconds between a stop signal and closing the listener, while /readyz already says 'stopping'. */
  shutdownDrainSeconds: number;
};

/**
 * Session files on the local disk under `dir`, or in an S3-compatible bucket. `dir` is also where resumable
 * upload parts wait for their last byte.
 */
export type StorageConfig = { kind: 'local'; dir: string } | { kind: 's3'; dir: string; s3: S3Settings };

export type S3Settings = {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, Ceph RGW, ...); unset for AWS S3. */
  endpoint?: string;
  /** bucket in the path (http://host/bucket/key) rather than the host name; most self-hosted services need it. */
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's default chain (environment, instance role, ...). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Prepended to every object name, so that one bucket can serve several deployments. */
  prefix: string;
};
export type UploadLimits = { videoBytes: number; textBytes: number };

const MIB = 1024 * 1024;

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0)
    throw new Error(`${name} must be a positive whole number, got '${value}'`);
  return parsed;
}

function storageConfig(env: NodeJS.ProcessEnv, dir: string): StorageConfig {
  const bucket = env.S3_BUCKET ?? '';
  if (bucket === '') {
    const stray = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => env[name]);
    if (stray.length > 0) throw new Error(`${stray.join(', ')} set without S3_BUCKET: set S3_BUCKET to use S3 storage`);
    return { kind: 'local', dir };
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID ?? '';
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY ?? '';
  if ((accessKeyId === '') !== (secretAccessKey === '')) {
    throw new Error('Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (to use the AWS default chain)');
  }
  const endpoint = env.S3_ENDPOINT === '' ? undefined : env.S3_ENDPOINT;
  if (endpoint !== undefined && !/^https?:\/\//.test(endpoint))
    throw new Error('S3_ENDPOINT must start with http:// or https://');
  const prefix = env.S3_PREFIX ?? '';
  return {
    kind: 's3',
    dir,
    s3: {
      bucket,
      region: env.S3_REGION ?? 'us-east-1',
      ...(endpoint === undefined ? {} : { endpoint }),
      forcePathStyle: (env.S3_FORCE_PATH_STYLE ?? (endpoint === undefined ? 'false' : 'true')) === 'true',
      ...(accessKeyId === '' ? {} : { credentials: { accessKeyId, secretAccessKey } }),
      prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
    },
  };
}

function nonNegativeInt(value: string | undefined, fallback: number, name: string): number {
  return value === '0' ? 0 : positiveInt(value, fallback, name);
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
    storage: storageConfig(env, path.join(dataDir, 'files')),
    shutdownDrainSeconds: nonNegativeInt(
      env.SHUTDOWN_DRAIN_SECONDS,
      env.NODE_ENV === 'production' ? 5 : 0,
      'SHUTDOWN_DRAIN_SECONDS',
    ),
    uploadLimits: {
      videoBytes: positiveInt(env.MAX_VIDEO_UPLOAD_BYTES, 2048 * MIB, 'MAX_VIDEO_UPLOAD_BYTES'),
      textBytes: positiveInt(env.MAX_TEXT_UPLOAD_BYTES, 200 * MIB, 'MAX_TEXT_UPLOAD_BYTES'),
    },
  };
}
