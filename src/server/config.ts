import path from 'node:path';
import type { BlurWorkerSettings } from './blur/blurSettings.ts';
import type { PoseWorkerSettings } from './pose/poseSettings.ts';
import { BLUR_METHODS, type BlurMethod } from '#shared/sessions/blurJobs';

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export type ServerConfig = {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  production: boolean;
  adminPassword: string | undefined;
  /** Idle and absolute token lifetimes (docs/design.md Security): 30 minutes idle, 12 hours absolute. */
  tokenIdleSeconds: number;
  tokenAbsoluteSeconds: number;
  /** Whom to believe about the client's address: nobody, the nearest N proxies, or proxies at these addresses. */
  trustProxy: TrustProxy;
  clientDir: string;
  logLevel: string;
  /** Where session files live: DATA_DIR/files on the local disk, or an S3-compatible bucket (S3_*). */
  storage: StorageConfig;
  /** The audit trail's key (AUDIT_KEY, or a file made on first start) and its checkpoint file, kept out of the database. */
  auditKey: string | undefined;
  auditKeyFile: string;
  auditCheckpointFile: string;
  /** Heap of the worker thread that parses session files and computes their metrics (ANALYSIS_MEMORY_MB). */
  analysisMemoryMb: number;
  /**
   * How long the analysis worker may take for one file (ANALYSIS_BUDGET_MS plus ANALYSIS_BUDGET_MS_PER_MIB for each
   * MiB) before it is stopped and the file refused with 422.
   */
  analysisBudget: AnalysisBudget;
  /**
   * Heap of the export worker, which holds a recording, its analysis and its C3D at once (EXPORT_MEMORY_MB; by
   * default ANALYSIS_MEMORY_MB).
   */
  exportMemoryMb: number;
  /** Largest accepted upload per kind of file; larger ones answer 413. */
  uploadLimits: UploadLimits;
  /** How long a generated report's signed links stay valid (a new tab cannot send the bearer token). */
  reportLinkSeconds: number;
  /** Seconds between a stop signal and closing the listener, while /readyz already says 'stopping'. */
  shutdownDrainSeconds: number;
  /** Longest a request may take to arrive, headers and body (app.ts: a body trickled in is cut off). */
  requestTimeoutSeconds: number;
  /** The blurring workers of this instance and the limits of their ffmpeg (docs/blurring.md). */
  blur: BlurWorkerSettings;
  /** The pose workers of this instance, for videos stored without joint data, and their bounds (docs/pose-jobs.md). */
  pose: PoseWorkerSettings;
};

export type TrustProxy = false | number | string[];

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

/** How long one file may take in the analysis worker: `floorMs` plus `msPerMib` for each MiB of the file. */
export type AnalysisBudget = { floorMs: number; msPerMib: number };

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
    storage: storageConfig(env, path.join(dataDir, 'files')),
    auditKey: env.AUDIT_KEY === '' ? undefined : env.AUDIT_KEY,
    auditKeyFile: path.resolve(env.AUDIT_KEY_FILE ?? path.join(dataDir, 'audit.key')),
    auditCheckpointFile: path.resolve(env.AUDIT_CHECKPOINT_FILE ?? path.join(dataDir, 'audit-checkpoint.json')),
    analysisMemoryMb: positiveInt(env.ANALYSIS_MEMORY_MB, 768, 'ANALYSIS_MEMORY_MB'),
    // 30 s and 1 s per MiB: a legitimate large file keeps a wide margin over its parse even on a busy 2-core
    // machine (tests/bench/largeUpload.ts times one), and a stuck small file, most uploads, is cut off in 30 s.
    analysisBudget: {
      floorMs: positiveInt(env.ANALYSIS_BUDGET_MS, 30_000, 'ANALYSIS_BUDGET_MS'),
      msPerMib: nonNegativeInt(env.ANALYSIS_BUDGET_MS_PER_MIB, 1000, 'ANALYSIS_BUDGET_MS_PER_MIB'),
    },
    exportMemoryMb: positiveInt(
      env.EXPORT_MEMORY_MB,
      positiveInt(env.ANALYSIS_MEMORY_MB, 768, 'ANALYSIS_MEMORY_MB'),
      'EXPORT_MEMORY_MB',
    ),
    shutdownDrainSeconds: nonNegativeInt(
      env.SHUTDOWN_DRAIN_SECONDS,
      env.NODE_ENV === 'production' ? 5 : 0,
      'SHUTDOWN_DRAIN_SECONDS',
    ),
    uploadLimits: {
      videoBytes: positiveInt(env.MAX_VIDEO_UPLOAD_BYTES, 2048 * MIB, 'MAX_VIDEO_UPLOAD_BYTES'),
      textBytes: positiveInt(env.MAX_TEXT_UPLOAD_BYTES, 200 * MIB, 'MAX_TEXT_UPLOAD_BYTES'),
    },
    reportLinkSeconds: positiveInt(env.REPORT_LINK_SECONDS, 15 * 60, 'REPORT_LINK_SECONDS'),
    requestTimeoutSeconds: positiveInt(env.REQUEST_TIMEOUT_SECONDS, 15 * 60, 'REQUEST_TIMEOUT_SECONDS'),
    blur: {
      workers: nonNegativeInt(env.BLUR_WORKERS, 1, 'BLUR_WORKERS'),
      ffmpegPath: env.FFMPEG_PATH ?? '/usr/bin/ffmpeg',
      memoryMb: positiveInt(env.BLUR_MEMORY_MB, 1024, 'BLUR_MEMORY_MB'),
      timeoutSeconds: positiveInt(env.BLUR_TIMEOUT_SECONDS, 60 * 60, 'BLUR_TIMEOUT_SECONDS'),
      leaseSeconds: positiveInt(env.BLUR_LEASE_SECONDS, 60, 'BLUR_LEASE_SECONDS'),
      pollSeconds: positiveInt(env.BLUR_POLL_SECONDS, 5, 'BLUR_POLL_SECONDS'),
      keepAudio: env.BLUR_KEEP_AUDIO === 'true',
      method: blurMethod(env.BLUR_METHOD),
    },
    // BlazePose full takes about 110 ms a frame on one core: 60 s at 30 fps is some 3½ minutes of CPU.
    pose: {
      workers: nonNegativeInt(env.POSE_WORKERS, 1, 'POSE_WORKERS'),
      ffmpegPath: env.FFMPEG_PATH ?? '/usr/bin/ffmpeg',
      memoryMb: positiveInt(env.POSE_MEMORY_MB, 512, 'POSE_MEMORY_MB'),
      timeoutSeconds: positiveInt(env.POSE_TIMEOUT_SECONDS, 15 * 60, 'POSE_TIMEOUT_SECONDS'),
      maxSeconds: positiveInt(env.POSE_MAX_SECONDS, 60, 'POSE_MAX_SECONDS'),
      maxFrames: positiveInt(env.POSE_MAX_FRAMES, 1800, 'POSE_MAX_FRAMES'),
      leaseSeconds: positiveInt(env.POSE_LEASE_SECONDS, 60, 'POSE_LEASE_SECONDS'),
      pollSeconds: positiveInt(env.POSE_POLL_SECONDS, 5, 'POSE_POLL_SECONDS'),
    },
  };
}

/** How new blurring jobs blur (BLUR_METHOD): heads unless the installation chose the whole frame. */
function blurMethod(value: string | undefined): BlurMethod {
  if (value === undefined || value === '') return 'heads';
  const method = BLUR_METHODS.find((m) => m === value);
  if (method === undefined) throw new Error(`BLUR_METHOD must be one of ${BLUR_METHODS.join(', ')}`);
  return method;
}
