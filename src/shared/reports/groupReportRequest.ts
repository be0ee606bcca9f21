import { z } from 'zod';
import { userTypeSchema } from '../auth/userTypeSchema.ts';
import { metricSchema } from './reportRequest.ts';

/** The most patients one group report names by id; a larger cohort is chosen by code, tag or clinic instead. */
const GROUP_SELECTION_LIMIT = 500;

const idList = (label: string, max: number) =>
  z
    .array(z.string().min(1).max(100), { error: `${label} must be a list` })
    .max(max, `${label} is too long`)
    .default([]);

/**
 * The generate-group-report request (docs/spec.md §2 deviation, README "Deviations from the spec"): which patients
 * (chosen by id, and/or those with any of the ICD or ICF codes, any of the tags, in any of the clinics; every kind
 * given narrows the group) and which metrics.
 */
export const groupReportRequestSchema = z
  .object({
    UserType: userTypeSchema.optional(),
    patientIDs: idList('patientIDs', GROUP_SELECTION_LIMIT),
    ICD: idList('ICD', 100),
    ICF: idList('ICF', 100),
    Miscs: idList('Miscs', 100),
    clinicIDs: idList('clinicIDs', 100),
    metrics: z
      .array(metricSchema, { error: 'metrics must have at least one metric' })
      .min(1, 'metrics must have at least one metric'),
    timeZone: z.string().max(64).optional(),
  })
  .refine(
    (r) => [r.patientIDs, r.ICD, r.ICF, r.Miscs, r.clinicIDs].some((list) => list.length > 0),
    'A group report must have at least one patient, code, tag or clinic',
  );
export type GroupReportRequestInput = z.input<typeof groupReportRequestSchema>;
export type GroupReportRequest = z.output<typeof groupReportRequestSchema>;
