/**
 * `import.meta.env.BENCH_BUILD` is true only in the bench build (`npm run build:bench`, `vite build --mode bench` into
 * dist-bench/), which tests/bench drives. Measurement hooks sit behind it: Vite writes the literal `false` in its place
 * in the product build, so the bundler drops every such branch with the bench modules it imports (vite.config.ts fails
 * the build if any module of tests/bench/app is left in it).
 */
// Vite's env type is extended by declaration merging, which needs an interface.
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions
interface ImportMetaEnv {
  readonly BENCH_BUILD: boolean;
}
