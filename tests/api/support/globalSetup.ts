import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgresCluster.ts';
import { startS3Server } from './s3Server.ts';

// Vitest's provide/inject is typed by declaration merging, which only interfaces allow.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    s3Endpoint: string;
  }
}

/**
 * One PostgreSQL server and one S3-compatible server for the whole API run; each test file makes its own
 * databases and buckets in them.
 */
export default async function setup(project: TestProject) {
  const [cluster, s3] = await Promise.all([startPostgresCluster(), startS3Server()]);
  project.provide('postgresUrl', cluster.url);
  project.provide('s3Endpoint', s3.endpoint);
  return async () => {
    await Promise.all([cluster.stop(), s3.stop()]);
  };
}
