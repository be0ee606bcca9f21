import { benchLoginPageBundle } from './loginPageBundle.ts';
import { benchGaitEngine } from './gaitEngine.ts';
import { benchLargeUpload } from './largeUpload.ts';
import { benchPatientMirror } from './patientMirror.ts';
import { benchReportGeneration } from './reportGeneration.ts';
import { benchSkeletonPlayback } from './skeletonPlayback.ts';

/** Benchmarks print their figures and a ratio to a baseline measured in the same run; they never fail on time. */
const benches: [string, () => Promise<void>][] = [
  ['login page bundle', benchLoginPageBundle],
  ['patient mirror, 100k rows', benchPatientMirror],
  ['gait engine, 18,000 frames', benchGaitEngine],
  ['report generation', benchReportGeneration],
  ['skeleton playback, 18,000 frames', benchSkeletonPlayback],
  ['1 GiB upload', benchLargeUpload],
];

for (const [name, bench] of benches) {
  console.log(`\n== ${name}`);
  await bench();
}
