// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';

/** Imports flow one way: app, server and sw may use shared; none of them may use another. */
const oneWayImports = {
  'import-x/no-restricted-paths': [
    'error',
    {
      zones: [
        {
          target: './src/shared',
          from: ['./src/app', './src/server', './sw'],
          message: 'shared is isomorphic: it imports nothing else',
        },
        {
          target: './src/app',
          from: ['./src/server', './sw'],
          message: 'the client talks to the server over HTTP only',
        },
        { target: './src/server', from: ['./src/app', './sw'], message: 'the server never imports client code' },
        { target: './sw', from: ['./src/app', './src/server'], message: 'the service worker imports only shared' },
      ],
    },
  ],
};

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', 'dev-dist/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [] },
    rules: {
      ...oneWayImports,
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
    // TanStack Router's control flow is `throw redirect(...)` / `throw notFound()`, which are not Error objects.
    files: ['src/app/routes/**'],
    rules: { '@typescript-eslint/only-throw-error': 'off' },
  },
  {
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
