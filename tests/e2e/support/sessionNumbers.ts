/**
 * Session numbers for the sessions a spec file creates. The e2e specs run side by side against one server, so each
 * file has a band of numbers of its own: two files never make the same number (sessions.spec's row locator for 3072.1
 * once matched importFormats' 3072.1 of another patient), and no band meets the demo's numbers (1 to a few dozen).
 * Within its band, a run starts at a point taken from the clock, steps of 20 apart, so a rerun against the same data
 * directory is unlikely to meet an earlier run's sessions either.
 */
const SPECS = [
  'sessions',
  'importFormats',
  'outboxUpload',
  'offline',
  'exports',
  'reports',
  'skeleton',
  'blurReview',
  'groupReport',
  'videoGait',
  'cameraRecording',
] as const;
const BAND = 20_000;
/** Numbers a spec may add to its base: base + 0 to base + 19. */
export const SESSION_NUMBERS_PER_RUN = 20;

export function sessionNumberBase(spec: (typeof SPECS)[number]): number {
  const slot = Date.now() % (BAND / SESSION_NUMBERS_PER_RUN);
  return 10_000 + SPECS.indexOf(spec) * BAND + slot * SESSION_NUMBERS_PER_RUN;
}
