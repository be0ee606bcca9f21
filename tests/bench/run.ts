import { benchLoginPageBundle } from './loginPageBundle.ts';
import { benchPatientMirror } from './patientMirror.ts';

/** Benchmarks print their figures and a ratio to a baseline measured in the same run; they never fail on time. */
const benches: [string, () => Promise<void>][] = [
  ['login page bundle', benchLoginPageBundle],
  ['patient mirror, 100k rows', benchPatientMirror],
];

for (const [name, bench] of benches) {
  console.log(`\n== ${name}`);
  await bench();
}
