// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { localPlugin } from './.ci/noCycle.js';

const directoriesIn = (/** @type {string} */ dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** Imports flow one way: app, server and sw may use shared; none of them may use another. */
const layerZones = [
  {
    target: './src/shared',
    from: ['./src/app', './src/server', './sw', './tests'],
    message: 'shared is isomorphic: it imports nothing outside src/shared',
  },
  { target: './src/app', from: ['./src/server', './sw'], message: 'the client talks to the server over HTTP only' },
  { target: './src/server', from: ['./src/app', './sw'], message: 'the server never imports client code' },
  { target: './sw', from: ['./src/app', './src/server'], message: 'the service worker imports only shared' },
];

/**
 * A client feature imports no other feature: screens that need several features are composed in routes/
 * (bulletproof-react's unidirectional architecture). Shared pieces live in components/ and lib/.
 */
const featureZones = directoriesIn('./src/app/features').map((feature) => ({
  target: `./src/app/features/${feature}`,
  from: './src/app/features',
  except: [`./${feature}`],
  message: 'features do not import each other: compose them in src/app/routes',
}));
/** lib/ and components/ are below the features: they never reach up into one. */
const sharedClientZones = [
  {
    target: ['./src/app/lib', './src/app/components'],
    from: ['./src/app/features', './src/app/routes'],
    message: 'lib and components are used by features, never the other way',
  },
];

/**
 * The server the same way: a feature (one resource's endpoints) imports no other feature. What several features
 * need (record read models, write rules, deps) lives in a folder below them, which never reaches up into a feature;
 * only app.ts and main.ts, at the top of src/server, compose the features.
 */
const serverFeatureZones = directoriesIn('./src/server/features').map((feature) => ({
  target: `./src/server/features/${feature}`,
  from: './src/server/features',
  except: [`./${feature}`],
  message: 'server features do not import each other: move what they share into a folder below them (e.g. records/)',
}));
const serverBelowFeatures = directoriesIn('./src/server')
  .filter((dir) => dir !== 'features')
  .map((dir) => `./src/server/${dir}`);
const serverLayerZones = [
  {
    target: serverBelowFeatures,
    from: './src/server/features',
    message: 'folders below the features never import one: only app.ts and main.ts compose features',
  },
  {
    // deps.ts is made of these parts: one that imported it would depend on everything else in it.
    target: [
      './src/server/analysis',
      './src/server/audit',
      './src/server/db',
      './src/server/storage',
      './src/server/workers',
      './src/server/clock.ts',
      './src/server/config.ts',
    ],
    from: './src/server/deps.ts',
    message: 'deps.ts composes these parts, so they never import it: take the one dependency you need instead',
  },
  {
    target: './src/server/analysis',
    from: './src/server/reports',
    message: 'reports use the analysis, never the other way: what both need belongs in src/shared',
  },
];
/** Demo data exists for development and tests: no production module imports it (main.ts runs the start-up seed). */
const seedZone = {
  target: ['./src/server/features', ...serverBelowFeatures.filter((dir) => dir !== './src/server/seed')],
  from: './src/server/seed',
  message: 'production code never imports the demo seed: shared constants belong in src/shared or src/server',
};

/**
 * '#app/…' and '#bench/…' are tsconfig path aliases (client only, like Vite's), which the TypeScript resolver does
 * not apply to '#'-specifiers: it reads them as package.json imports. This resolver maps the aliases itself.
 */
const aliasDirs = {
  '#app/': fileURLToPath(new globalThis.URL('./src/app/', import.meta.url)),
  '#bench/': fileURLToPath(new globalThis.URL('./tests/bench/app/', import.meta.url)),
};
const appAliasResolver = {
  interfaceVersion: 3,
  name: 'app-alias',
  /** @param {string} source */
  resolve(source) {
    const alias = Object.entries(aliasDirs).find(([prefix]) => source.startsWith(prefix));
    if (!alias) return { found: false };
    const base = alias[1] + source.slice(alias[0].length);
    const path = ['.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find((file) => existsSync(file));
    return path ? { found: true, path } : { found: false };
  },
};

/** Unit tests beside shared code may use the fixtures under tests/ (and server tests the demo logins); the code they test may not. */
function architectureZones(/** @type {boolean} */ isTest) {
  const layers = layerZones.map((zone) =>
    isTest && zone.target === './src/shared' ? { ...zone, from: zone.from.filter((from) => from !== './tests') } : zone,
  );
  const server = [...serverFeatureZones, ...serverLayerZones, ...(isTest ? [] : [seedZone])];
  return [...layers, ...featureZones, ...sharedClientZones, ...server];
}

export default tseslint.config(
  { ignores: ['dist/', 'dist-bench/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', 'dev-dist/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX, local: localPlugin },
    settings: {
      // The import rules parse the files an import leads to; without these they skip every .ts file (no-cycle
      // then never sees a cycle).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      // Resolves #shared/…, #server/… (package.json imports) and #app/… (tsconfig paths) to files, so that the
      // path rules below see where an import really goes. Without a resolver they silently check nothing.
      'import-x/resolver-next': [
        appAliasResolver,
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            './tsconfig.app.json',
            './tsconfig.server.json',
            './tsconfig.shared.json',
            './tsconfig.tests.json',
            './sw/tsconfig.json',
          ],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: architectureZones(false) }],
      // import-x/no-cycle cannot count type-only imports (it always skips them); this rule counts every static
      // import TypeScript resolves, so a circle of types is refused too (.ci/noCycle.js).
      'local/no-cycle': 'error',
      // A path rule that cannot resolve an import checks nothing: an unresolvable import is an error of its own.
      'import-x/no-unresolved': ['error', { ignore: ['^virtual:', '\\?(raw|url|worker)$'] }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      // Fastify plugins and handlers are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  {
    files: ['src/app/**/*.tsx', 'src/app/**/*.ts'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // What the app and its service worker print lands in a clinician's console, where patient data must not: a
    // real failure goes to the user or the error reporter. Tests and the server's own start-up lines may print.
    files: ['src/app/**/*.{ts,tsx}', 'src/shared/**/*.ts', 'sw/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.bench.ts'],
    rules: { 'no-console': ['error', { allow: ['warn', 'error'] }] },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: architectureZones(true) }] },
  },
  {
    // react-three-fiber's way: three.js objects made once (useMemo) and moved every frame in useFrame, outside
    // React's render. The compiler's immutability rule cannot tell that from mutating React state.
    files: ['src/app/features/skeleton/**'],
    rules: { 'react-hooks/immutability': 'off' },
  },
  {
    // TanStack Router's control flow is `throw redirect(...)` / `throw notFound()`, which are not Error objects.
    files: ['src/app/routes/**'],
    rules: { '@typescript-eslint/only-throw-error': 'off' },
  },
  {
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
