import { z } from 'zod';
import { METRICS_FORMAT } from './metricsFormat.ts';

/**
 * The stored gait metrics file, MainStorageFormat_SessionMetrics.json (docs/gait-metrics.md). Field names carry
 * their units, so that a file read years later, or by another tool, cannot be misread.
 */
export const METRICS_FILE_NAME = 'MainStorageFormat_SessionMetrics.json';
export { METRICS_FORMAT };
/** 2 added stride and step measures, symmetry, variability and knee and hip flexion; files of version 1 still read. */
export const METRICS_FORMAT_VERSION = 2;

const finite = (what: string) =>
  z.number({ error: `${what} must be a number` }).refine(Number.isFinite, `${what} must be a finite number`);
const nonNegative = (what: string) => finite(what).refine((v) => v >= 0, `${what} cannot be negative`);
const count = (what: string) => nonNegative(what).refine(Number.isInteger, `${what} must be a whole number`);
const percent = (what: string) => finite(what).refine((v) => v >= 0 && v <= 100, `${what} must be between 0 and 100`);

const nullable = <T extends z.ZodType>(schema: T) => schema.nullable().optional();
const curveValues = (what: string) =>
  z
    .array(finite(what), { error: `${what} must be a list of numbers` })
    .length(101, `${what} must hold 101 values (0–100% of the cycle)`);
const angleCurveSchema = z.object({
  Mean_deg: curveValues('Mean_deg'),
  SD_deg: curveValues('SD_deg'),
  RangeOfMotion_deg: nonNegative('RangeOfMotion_deg'),
  Cycles: count('Cycles'),
});

/** Measures added in format version 2; a version 1 file has none of them. */
const version2SideFields = {
  StrideLength_m: nullable(finite('StrideLength_m')),
  StepWidth_m: nullable(nonNegative('StepWidth_m')),
  StepTime_s: nullable(nonNegative('StepTime_s')),
  StanceTime_s: nonNegative('StanceTime_s').optional(),
  SwingTime_s: nonNegative('SwingTime_s').optional(),
  InitialDoubleSupportPercent: percent('InitialDoubleSupportPercent').optional(),
  TerminalDoubleSupportPercent: percent('TerminalDoubleSupportPercent').optional(),
  StrideTimeCV_percent: nullable(nonNegative('StrideTimeCV_percent')),
  StrideLengthCV_percent: nullable(nonNegative('StrideLengthCV_percent')),
  StepWidthCV_percent: nullable(nonNegative('StepWidthCV_percent')),
  KneeFlexion: nullable(angleCurveSchema),
  HipFlexion: nullable(angleCurveSchema),
};

/** Symmetry indices by measure (percent), SYMMETRY_FIELDS naming them. */
export const SYMMETRY_FIELDS = {
  stepLength: 'StepLength',
  stepTime: 'StepTime',
  stepWidth: 'StepWidth',
  strideLength: 'StrideLength',
  strideTime: 'StrideTime',
  stanceTime: 'StanceTime',
  swingTime: 'SwingTime',
  stancePercent: 'StancePercent',
  swingPercent: 'SwingPercent',
  singleSupportPercent: 'SingleSupportPercent',
  initialDoubleSupportPercent: 'InitialDoubleSupportPercent',
  terminalDoubleSupportPercent: 'TerminalDoubleSupportPercent',
  kneeRangeOfMotion: 'KneeRangeOfMotion',
  hipRangeOfMotion: 'HipRangeOfMotion',
} as const;
const symmetryValue = (name: string) => nullable(finite(name));
const symmetrySchema = z.object({
  StepLength: symmetryValue('StepLength'),
  StepTime: symmetryValue('StepTime'),
  StepWidth: symmetryValue('StepWidth'),
  StrideLength: symmetryValue('StrideLength'),
  StrideTime: symmetryValue('StrideTime'),
  StanceTime: symmetryValue('StanceTime'),
  SwingTime: symmetryValue('SwingTime'),
  StancePercent: symmetryValue('StancePercent'),
  SwingPercent: symmetryValue('SwingPercent'),
  SingleSupportPercent: symmetryValue('SingleSupportPercent'),
  InitialDoubleSupportPercent: symmetryValue('InitialDoubleSupportPercent'),
  TerminalDoubleSupportPercent: symmetryValue('TerminalDoubleSupportPercent'),
  KneeRangeOfMotion: symmetryValue('KneeRangeOfMotion'),
  HipRangeOfMotion: symmetryValue('HipRangeOfMotion'),
}) satisfies z.ZodObject<Record<(typeof SYMMETRY_FIELDS)[keyof typeof SYMMETRY_FIELDS], z.ZodType>>;

const sideFields = {
  ...version2SideFields,
  StepCount: count('StepCount'),
  CycleCount: count('CycleCount'),
  StepLength_m: finite('StepLength_m'),
  StrideTime_s: nonNegative('StrideTime_s'),
  StancePercent: percent('StancePercent'),
  SwingPercent: percent('SwingPercent'),
  DoubleSupportPercent: percent('DoubleSupportPercent'),
  SingleSupportPercent: percent('SingleSupportPercent'),
};
const sideMetricsSchema = z.object(sideFields);
/**
 * One foot's metrics: a short pass may hold no complete stride of a foot, whose cycle measures are then null (its
 * steps are still measured).
 */
const footMetricsSchema = sideMetricsSchema.extend({
  StrideTime_s: sideFields.StrideTime_s.nullable(),
  StancePercent: sideFields.StancePercent.nullable(),
  SwingPercent: sideFields.SwingPercent.nullable(),
  DoubleSupportPercent: sideFields.DoubleSupportPercent.nullable(),
  SingleSupportPercent: sideFields.SingleSupportPercent.nullable(),
  StanceTime_s: nullable(nonNegative('StanceTime_s')),
  SwingTime_s: nullable(nonNegative('SwingTime_s')),
  InitialDoubleSupportPercent: nullable(percent('InitialDoubleSupportPercent')),
  TerminalDoubleSupportPercent: nullable(percent('TerminalDoubleSupportPercent')),
});

const walkMetricsSchema = z.object({
  ...sideFields,
  Speed_m_per_s: nonNegative('Speed_m_per_s'),
  Cadence_steps_per_min: nonNegative('Cadence_steps_per_min'),
  Distance_m: nonNegative('Distance_m'),
  Duration_s: nonNegative('Duration_s'),
  Left: footMetricsSchema,
  Right: footMetricsSchema,
  Symmetry_percent: symmetrySchema.optional(),
  SpeedPerHeight_per_s: nullable(nonNegative('SpeedPerHeight_per_s')),
});

const eventTimes = (what: string) =>
  z.array(nonNegative(what), { error: `${what} must be a list of times in seconds` });
const footEventsSchema = z.object({ HeelStrikes_s: eventTimes('HeelStrikes_s'), ToeOffs_s: eventTimes('ToeOffs_s') });

const boutNumber = count('Bout').refine((v) => v >= 1, 'Bout numbers start at 1');
const boutMetricsSchema = z.discriminatedUnion(
  'Status',
  [
    z.object({
      Bout: boutNumber,
      Status: z.literal('ok'),
      Metrics: walkMetricsSchema,
      Events: z.object({ Left: footEventsSchema, Right: footEventsSchema }),
      Warnings: z.array(z.string()),
    }),
    z.object({ Bout: boutNumber, Status: z.literal('insufficient-data'), Reason: z.string() }),
  ],
  { error: 'Status must be "ok" or "insufficient-data"' },
);

/**
 * A force plate's heel strike or toe off (a C3D trial with plates): which bout it fell in (null: none analysed it),
 * and the kinematic event whose place it took in that bout's measures (null: it replaced none).
 */
const plateEventSchema = z.object({
  Side: z.enum(['Left', 'Right'], { error: 'Side must be "Left" or "Right"' }),
  Event: z.enum(['HeelStrike', 'ToeOff'], { error: 'Event must be "HeelStrike" or "ToeOff"' }),
  Time_s: nonNegative('Time_s'),
  Plate: count('Plate'),
  Source: z.literal('force plate', { error: 'Source must be "force plate"' }),
  ReplacedKinematic_s: nonNegative('ReplacedKinematic_s').nullable(),
});

/** A file computed by the engine: every metric, per side, per bout, with the engine that computed it. */
export const engineMetricsFileSchema = z
  .object({
    Format: z.literal(METRICS_FORMAT, { error: `Format must be "${METRICS_FORMAT}"` }),
    FormatVersion: z.union([z.literal(1), z.literal(METRICS_FORMAT_VERSION)], {
      error: `FormatVersion must be 1 or ${METRICS_FORMAT_VERSION}`,
    }),
    EngineVersion: z.string({ error: 'EngineVersion must be text' }),
    Method: z.string({ error: 'Method must be text' }),
    GeneratedAt: z.iso.datetime({ offset: true, error: 'GeneratedAt must be an ISO 8601 date and time' }),
    SessionID: z.string().optional(),
    SubSessionID: z.string().optional(),
    SourceFile: z.string().optional(),
    Status: z.enum(['ok', 'insufficient-data'], { error: 'Status must be "ok" or "insufficient-data"' }),
    Reason: z.string().optional(),
    Session: walkMetricsSchema.nullable(),
    Bouts: z.array(boutMetricsSchema, { error: 'Bouts must be a list' }),
    /** Absent in files of trials without force plates, and in files written before plates were read. */
    EventSources: z.string().optional(),
    PlateEvents: z.array(plateEventSchema, { error: 'PlateEvents must be a list' }).optional(),
    /** About the recording as a whole, from its import (a vertical axis not the declared one, …); absent: none. */
    Warnings: z.array(z.string(), { error: 'Warnings must be a list of text' }).optional(),
    /** Where the joint data came from, for a recording the engine cannot name (pose from video); absent: a sensor's. */
    Provenance: z.string({ error: 'Provenance must be text' }).optional(),
    /** Why the null measures are null (a side-view video has no step width); absent: nulls mean not enough data. */
    NotMeasured: z.string({ error: 'NotMeasured must be text' }).optional(),
  })
  .refine((file) => (file.Status === 'ok') === (file.Session !== null), {
    message: 'Session metrics must be present exactly when Status is "ok"',
    path: ['Session'],
  });

/**
 * Whole-walk metrics converted from a clinic-format file (docs/clinic-format.md): the clinic's system requires only
 * the report metrics, so StrideTime, Duration, CycleCount and every per-side value may be missing.
 */
export const clinicWalkMetricsSchema = walkMetricsSchema.extend({
  StrideTime_s: sideFields.StrideTime_s.optional(),
  Duration_s: nonNegative('Duration_s').optional(),
  CycleCount: sideFields.CycleCount.optional(),
  Left: sideMetricsSchema.partial(),
  Right: sideMetricsSchema.partial(),
});

/** A file converted from a clinic's metrics: no engine, no bouts or events, marked by `Source: "clinic"`. */
export const clinicMetricsFileSchema = z.object({
  Format: z.literal(METRICS_FORMAT, { error: `Format must be "${METRICS_FORMAT}"` }),
  FormatVersion: z.union([z.literal(1), z.literal(METRICS_FORMAT_VERSION)], {
    error: `FormatVersion must be 1 or ${METRICS_FORMAT_VERSION}`,
  }),
  Source: z.literal('clinic'),
  GeneratedAt: z.iso.datetime({ offset: true, error: 'GeneratedAt must be an ISO 8601 date and time' }),
  SessionID: z.string().optional(),
  SubSessionID: z.string().optional(),
  SourceFile: z.string().optional(),
  Status: z.literal('ok', { error: 'Status must be "ok": a clinic\'s metrics file always holds metrics' }),
  Session: clinicWalkMetricsSchema,
  Bouts: z.tuple([], { error: "Bouts must be an empty list: a clinic's metrics file has no bouts" }),
});

export const metricsFileSchema = z.union([engineMetricsFileSchema, clinicMetricsFileSchema]);

export type MetricsFile = z.infer<typeof metricsFileSchema>;
export type EngineMetricsFile = z.infer<typeof engineMetricsFileSchema>;
export type ClinicMetricsFile = z.infer<typeof clinicMetricsFileSchema>;
export type ClinicWalkMetricsRecord = z.infer<typeof clinicWalkMetricsSchema>;
export type WalkMetricsRecord = z.infer<typeof walkMetricsSchema>;
export type SideMetricsRecord = z.infer<typeof sideMetricsSchema>;
export type FootMetricsRecord = z.infer<typeof footMetricsSchema>;
export type BoutMetricsRecord = z.infer<typeof boutMetricsSchema>;
export type AngleCurveRecord = z.infer<typeof angleCurveSchema>;
export type PlateEventRecord = z.infer<typeof plateEventSchema>;
