import { benchLoginPageBundle } from './loginPageBundle.ts';

/** Benchmarks print their figures and a ratio to a baseline measured in the same run; they never fail on time. */
const benches: [string, () => Promise<void>][] = [['login page bundle', benchLoginPageBundle]];

for (const [name, bench] of benches) {
  console.log(`\n== ${name}`);
  await bench();
}
