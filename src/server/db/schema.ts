import type { ColumnType, Generated } from 'kysely';
import type { SessionId, SubSessionId } from '#shared/ids/ids';

/**
 * Table types. Times are ISO-8601 UTC strings with milliseconds (they sort as text on both databases);
 * flags are 0/1 integers; heights in cm and weights in kg.
 */
type AdminTable = {
  id: string;
  username: string;
  password_hash: string;
  date_modified: string;
};

export type ClinicTable = {
  id: string;
  name: string;
  address: string;
  contact_forename: string;
  contact_surname: string;
  contact_number: string;
  contact_email: string;
  group_name: string;
  admin_username: string | null;
  admin_password_hash: string | null;
  admin_hint: string;
  notes: string;
  date_modified: string;
  deleted_at: string | null;
};

export type ClinicianTable = {
  id: string;
  forename: string;
  surname: string;
  contact_number: string;
  email: string;
  username: string | null;
  password_hash: string | null;
  password_hint: string;
  elevated_access: number;
  date_modified: string;
  deleted_at: string | null;
};

export type PatientTable = {
  id: string;
  given_patient_id: string;
  forename: string;
  surname: string;
  email: string;
  username: string | null;
  password_hash: string | null;
  password_hint: string;
  group_name: string;
  dob: string | null;
  sex: string;
  height_cm: number;
  weight_kg: number;
  notes: string;
  application: string;
  icd: string | null;
  icf: string | null;
  ratings: string | null;
  miscs: string | null;
  read_only: number;
  date_modified: string;
  deleted_at: string | null;
};

type ClinicianClinicTable = { clinician_id: string; clinic_id: string };
/** The latest time a clinician left a clinic they still exist beside (migration 007). */
type ClinicianClinicExitTable = { clinician_id: string; clinic_id: string; date_modified: string };
type PatientClinicTable = { patient_id: string; clinic_id: string };
type PatientClinicianTable = { patient_id: string; clinician_id: string };

type AccessTokenTable = {
  token_hash: string;
  user_id: string;
  role: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  revoked_at: string | null;
};

/** Epoch milliseconds in a bigint column: PostgreSQL returns them as text, SQLite as numbers; read with Number(). */
type EpochMs = ColumnType<number | string, number, number>;

/** One throttling counter (src/server/auth/throttle.ts). */
type LoginThrottleTable = {
  key: string;
  window_start_ms: EpochMs;
  attempts: number;
  delay_ms: EpochMs;
  allowed_at_ms: EpochMs;
  ticket: string;
  refused: number;
  free: number;
  window_ms: EpochMs;
  base_ms: EpochMs;
  max_ms: EpochMs;
};

export type AuditLogTable = {
  id: Generated<number>;
  at: string;
  user_id: string;
  role: string;
  action: string;
  target: string;
  outcome: string;
  address: string;
  prev_hash: string;
  hash: string;
};

type IdempotencyKeyTable = {
  key: string;
  user_id: string;
  role: string;
  route: string;
  status: number;
  body: string;
  created_at: string;
  /** The SHA-256 of the first request's parameters, query and JSON body; null on keys stored before it was kept. */
  request_hash: string | null;
};

/** PostgreSQL returns bigint columns as text, SQLite as numbers: read sizes with Number(). */
type ByteCount = ColumnType<number | string, number, number>;

type SessionTable = {
  id: SessionId;
  patient_id: string;
  session_number: number;
  created_at: string;
};

export type SubSessionTable = {
  id: SubSessionId;
  session_id: SessionId;
  sub_session_number: number;
  /** When the walk was recorded (ISO UTC). */
  date_time: string;
  clinician_id: string;
  test_id: string;
  date_modified: string;
  deleted_at: string | null;
};

/**
 * How a stored file came to be: sent by a user, converted from a clinic-format file, computed by the gait engine, or
 * made by a blurring job from the unblurred video (released only once reviewed: blur_jobs.review), or measured by a
 * pose job from the video (joint data and metrics, kept as the device's upload of the same analysis would be).
 */
export type SessionFileOrigin = 'uploaded' | 'converted' | 'computed' | 'blurred' | 'pose';

export type SessionFileTable = {
  sub_session_id: SubSessionId;
  /** A SessionFileKind (src/shared/sessions/sessionFiles.ts). */
  kind: string;
  storage_key: string;
  size: ByteCount;
  sha256: string;
  content_type: string;
  origin: SessionFileOrigin;
  created_at: string;
};

/** A file received by addSession/sendFile and waiting for addSession to commit it. */
export type UploadStagingTable = {
  file_upload_id: string;
  /** The kind, and for videos the declared role: 'video:Blurred', 'video:Unblurred' or 'video:' when not stated. */
  slot: string;
  kind: string;
  video_kind: string | null;
  storage_key: string;
  size: ByteCount;
  sha256: string;
  content_type: string;
  user_id: string;
  created_at: string;
  /** For a file made from a staged upload when it arrived, the upload's slot (018_staged_derivations.ts). */
  derived_from: string | null;
  /** How a file made from a staged upload was made ('converted', 'computed'); null for the upload itself. */
  origin: SessionFileOrigin | null;
};

/**
 * A tus upload: whose it is and which Add Session file it carries. Its bytes and offset live in the upload store;
 * `received` is set to `size` and `answer` to the staging answer once it is staged.
 */
export type UploadPartTable = {
  id: string;
  user_id: string;
  file_upload_id: string;
  file_name: string;
  video_kind: string | null;
  size: ByteCount;
  received: ByteCount;
  /** The completion answer (JSON), so a repeated start or chunk after completion answers the same. */
  answer: string | null;
  created_at: string;
};

export type Database = {
  idempotency_keys: IdempotencyKeyTable;
  reports: ReportTable;
  server_settings: ServerSettingTable;
  admins: AdminTable;
  clinics: ClinicTable;
  clinicians: ClinicianTable;
  patients: PatientTable;
  clinician_clinics: ClinicianClinicTable;
  clinician_clinic_exits: ClinicianClinicExitTable;
  patient_clinics: PatientClinicTable;
  patient_clinicians: PatientClinicianTable;
  access_tokens: AccessTokenTable;
  login_throttle: LoginThrottleTable;
  audit_log: AuditLogTable;
  sessions: SessionTable;
  sub_sessions: SubSessionTable;
  session_files: SessionFileTable;
  upload_staging: UploadStagingTable;
  upload_parts: UploadPartTable;
  blur_jobs: BlurJobTable;
  pose_jobs: PoseJobTable;
};

/** A blurring job (015_blur_jobs.ts); states and review decisions are src/shared/sessions/blurJobs.ts's. */
export type BlurJobTable = {
  id: string;
  sub_session_id: SubSessionId;
  /** The unblurred video's storage key when the job was queued: a video replaced since is not blurred. */
  source_key: string;
  method: string;
  /** Regions a reviewer marked by hand for a re-run (JSON), or null. */
  regions: string | null;
  state: string;
  progress: number;
  attempts: number;
  lease_owner: string | null;
  lease_expires_at: string | null;
  output_key: string | null;
  /** The heads found, per frame (017_head_boxes.ts; JSON of #shared/sessions/headBoxes), or null. */
  head_boxes: string | null;
  error: string | null;
  review: string;
  reviewed_by: string | null;
  reviewed_at: string | null;
  created_at: string;
  updated_at: string;
};

/** A pose job (016_pose_jobs.ts); states are src/shared/sessions/poseJobs.ts's. */
export type PoseJobTable = {
  id: string;
  sub_session_id: SubSessionId;
  /** The video's storage key when the job was queued: a video replaced since is not analysed. */
  source_key: string;
  state: string;
  progress: number;
  attempts: number;
  lease_owner: string | null;
  lease_expires_at: string | null;
  error: string | null;
  /** The floor marks it is scaled by (019_pose_floor_marks.ts; JSON of PoseFloorMarks), or null for the height. */
  floor_marks: string | null;
  created_at: string;
  updated_at: string;
};

type ReportTable = {
  id: string;
  user_id: string;
  role: string;
  /** Comma-joined ids of the patients in the report, for the audit trail. */
  patient_ids: string;
  html: string;
  pdf: Buffer | null;
  /** The PDF's download name (patient id and session numbers); null for a report without a PDF. */
  pdf_name: string | null;
  created_at: string;
  expires_at: string;
};

type ServerSettingTable = { key: string; value: string };
