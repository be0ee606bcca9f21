import type { ClinicianId, PatientId, SessionId, SubSessionId } from '../ids/ids.ts';

/**
 * A recorded sub-session as the API returns it (docs/spec.md §3 Session). A session (SessionID) is one patient's visit with
 * a session number; each recording in it is a sub-session (SubSessionID) with its own files. The browser shows one
 * row per sub-session. DateTime and DateModified are ISO times in UTC; the client formats them DD/MM/YYYY HH:mm.
 */
// A plain type, free of zod: the session list's first paint needs it, and zod would come with it.
// The API's schema is sessionSchema.ts, held to this type by sessionSchema.test.ts.
export type Session = {
  SessionID: SessionId;
  SubSessionID: SubSessionId;
  SessionNumber: number;
  SubSessionNumber: number;
  UniquePatientID: PatientId;
  GivenPatientID: string;
  PatientName: string;
  ClinicianID: ClinicianId;
  ClinicianName: string;
  TestID: string;
  TestName: string;
  ClinicName: string;
  DateTime: string;
  DateModified: string;
  /** File presence (docs/spec.md §3): joint data, gait metrics, clinic-format file. */
  Data: boolean;
  GaitMetrics: boolean;
  SSCData: boolean;
  /** Comma-joined paths beginning SessionVideoFile_MP4/ (unblurred) or SessionVideoFile_MP4_Blurred/ (blurred). */
  Video: string;
  UnblurredVideo: boolean;
  BlurredVideo: boolean;
  /**
   * The recording as uploaded, kept byte for byte when it was in another format than the joint data file (C3D,
   * Azure Kinect, Kinect v2, MediaPipe, OpenCap) and converted into it. Absent in records stored before it existed.
   */
  OriginalRecording?: boolean;
  /**
   * The OpenSim motion file (.mot, joint angles) uploaded beside an OpenCap TRC recording, kept byte for byte.
   * Absent in records stored before it existed.
   */
  MotionFile?: boolean;
};

export type SessionsResponse = { sessions: Session[] };

/** Derived fields of docs/spec.md §3, computed the same way on the server (reports) and the client (browser). */
export const canProduceReport = (s: Pick<Session, 'Data' | 'GaitMetrics'>): boolean => s.Data || s.GaitMetrics;
export const canWatchSkeleton = (s: Pick<Session, 'Data'>): boolean => s.Data;
export const canWatchVideo = (s: Pick<Session, 'UnblurredVideo' | 'BlurredVideo'>): boolean =>
  s.UnblurredVideo || s.BlurredVideo;
export const sessionAndSubSessionNumber = (s: Pick<Session, 'SessionNumber' | 'SubSessionNumber'>): string =>
  `${String(s.SessionNumber)}.${String(s.SubSessionNumber)}`;
export const patientNameAndGivenId = (s: Pick<Session, 'PatientName' | 'GivenPatientID'>): string =>
  `${s.PatientName} (${s.GivenPatientID})`;

/** docs/spec.md §3 ordering: session number, then sub-session number. */
export const bySessionThenSubSession = (a: Session, b: Session): number =>
  a.SessionNumber - b.SessionNumber || a.SubSessionNumber - b.SubSessionNumber;
