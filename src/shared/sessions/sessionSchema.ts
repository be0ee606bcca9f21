import { z } from 'zod';

/** A recorded sub-session as the API returns it: the schema of the type `Session` (session.ts), field by field. */
export const sessionSchema = z
  .object({
    SessionID: z.string().brand<'SessionId'>(),
    SubSessionID: z.string().brand<'SubSessionId'>(),
    SessionNumber: z.number().int(),
    SubSessionNumber: z.number().int(),
    UniquePatientID: z.string().brand<'PatientId'>(),
    GivenPatientID: z.string(),
    PatientName: z.string(),
    ClinicianID: z.string().brand<'ClinicianId'>(),
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
