import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgresCluster.ts';

// Vitest's provide/inject is typed by declaration merging, which only interfaces allow.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/** One PostgreSQL server for the whole API run; each test file makes its own databases in it. */
export default async function setup(project: TestProject) {
  const cluster = await startPostgresCluster();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
