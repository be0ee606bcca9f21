import { z } from 'zod';
import type { DeltaFields } from '../records/sync.ts';

/**
 * A recorded sub-session as the API returns it (docs/spec.md §3 Session). A session (SessionID) is one patient's visit with
 * a session number; each recording in it is a sub-session (SubSessionID) with its own files. The browser shows one
 * row per sub-session. DateTime and DateModified are ISO times in UTC; the client formats them DD/MM/YYYY HH:mm.
 */
export const sessionSchema = z
  .object({
    SessionID: z.string(),
    SubSessionID: z.string(),
    SessionNumber: z.number().int(),
    SubSessionNumber: z.number().int(),
    UniquePatientID: z.string(),
    GivenPatientID: z.string(),
    PatientName: z.string(),
    ClinicianID: z.string(),
    ClinicianName: z.string(),
    TestID: z.string(),
    TestName: z.string(),
    ClinicName: z.string(),
    DateTime: z.string(),
    DateModified: z.string(),
    /** File presence (docs/spec.md §3): joint data, gait metrics, clinic-format file. */
    Data: z.boolean(),
    GaitMetrics: z.boolean(),
    SSCData: z.boolean(),
    /** Comma-joined paths beginning SessionVideoFile_MP4/ (unblurred) or SessionVideoFile_MP4_Blurred/ (blurred). */
    Video: z.string(),
    UnblurredVideo: z.boolean(),
    BlurredVideo: z.boolean(),
    /**
     * The recording as uploaded, kept byte for byte when it was in another format than the joint data file (C3D,
     * Azure Kinect, Kinect v2, MediaPipe, OpenCap) and converted into it. Absent in records stored before it existed.
     */
    OriginalRecording: z.boolean().optional(),
    /**
     * The OpenSim motion file (.mot, joint angles) uploaded beside an OpenCap TRC recording, kept byte for byte.
     * Absent in records stored before it existed.
     */
    MotionFile: z.boolean().optional(),
  })
  .meta({ id: 'Session' });
export type Session = z.infer<typeof sessionSchema>;

export type SessionsResponse = { sessions: Session[] };
export type SessionListResponse = SessionsResponse & DeltaFields;

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
