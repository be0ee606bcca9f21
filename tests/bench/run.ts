import { benchLoginLcp } from './loginLcp.ts';
import { benchLoginPageBundle } from './loginPageBundle.ts';
import { benchFirstSync } from './firstSync.ts';
import { benchGaitEngine } from './gaitEngine.ts';
import { benchLargeUpload } from './largeUpload.ts';
import { benchPatientMirror } from './patientMirror.ts';
import { benchPoseVideo } from './poseVideo.ts';
import { benchReportGeneration } from './reportGeneration.ts';
import { benchServerScale } from './serverScale.ts';
import { benchSessionBrowser } from './sessionBrowser.ts';
import { benchSessionsLighthouse } from './sessionsLighthouse.ts';
import { benchSkeletonPlayback } from './skeletonPlayback.ts';
import { printBenchTable } from './table.ts';

/** Benchmarks print their figures and a ratio to a baseline measured in the same run; they never fail on time. */
const benches: [string, () => Promise<void>][] = [
  ['login page bundle', benchLoginPageBundle],
  ['login page LCP, mobile profile', benchLoginLcp],
  ['clinician sessions page, mobile profile', benchSessionsLighthouse],
  ['session browser, 100k sessions', benchSessionBrowser],
  ['first sync, 100k sessions', benchFirstSync],
  ['patient mirror, 100k rows', benchPatientMirror],
  ['gait engine, 18,000 frames', benchGaitEngine],
  ['report generation', benchReportGeneration],
  ['skeleton playback, 18,000 frames', benchSkeletonPlayback],
  ['pose on a walking video', benchPoseVideo],
  ['1 GiB upload', benchLargeUpload],
  ['server at 100k sessions', benchServerScale],
];

/** `npx tsx tests/bench/run.ts gait` runs only the benches whose name contains 'gait'. */
const filter = process.argv[2]?.toLowerCase();
for (const [name, bench] of benches) {
  if (filter !== undefined && !name.toLowerCase().includes(filter)) continue;
  console.log(`\n== ${name}`);
  await bench();
}

printBenchTable();
