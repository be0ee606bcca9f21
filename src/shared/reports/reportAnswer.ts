import { z } from 'zod';

/**
 * A report line across sessions, for the trend charts (SVG in the HTML report, chart.js in the app). A
 * multi-session report has one dataset; a multi-patient report one per patient, so that no line joins different
 * people. Values are rounded as the table prints them; null where a session has no value.
 */
const trendDatasetSchema = z.object({ name: z.string(), values: z.array(z.number().nullable()) });

const trendSeriesSchema = z
  .object({
    label: z.string(),
    unit: z.string(),
    xLabels: z.array(z.string()),
    datasets: z.array(trendDatasetSchema),
    range: z.object({ low: z.number(), high: z.number() }).optional(),
  })
  .meta({ id: 'TrendSeries' });
export type TrendSeries = z.infer<typeof trendSeriesSchema>;

/** The generate-report answer: htmlPath always, pdfPath for the pie-chart variant, trends for multi-session reports. */
export const reportAnswerSchema = z.object({
  htmlPath: z.string().describe('Signed, short-lived link to the self-contained HTML report'),
  pdfPath: z.string().optional().describe('Signed link to the PDF (single-session reports: the pie-chart variant)'),
  trends: z.array(trendSeriesSchema).optional().describe('Multi-session and multi-patient reports: one per line'),
});

/** The generate-group-report answer: the HTML and PDF links, and how many patients the group holds. */
export const groupReportAnswerSchema = z.object({
  htmlPath: z.string().describe('Signed, short-lived link to the self-contained HTML report'),
  pdfPath: z.string().describe('Signed link to the PDF'),
  patientCount: z.number().int().describe('Patients in the group'),
});
