/**
 * The Format field of a stored gait metrics file. In a module of its own, so that the skeleton viewer's worker can
 * recognise the file without loading its zod schema (metricsFileSchema.ts).
 */
export const METRICS_FORMAT = 'MainStorageFormat_SessionMetrics';
