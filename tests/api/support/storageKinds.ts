import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectsCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
} from '@aws-sdk/client-s3';
import { inject } from 'vitest';
import type { S3Settings } from '#server/config';
import { s3Client } from '#server/storage/s3Storage';
import { S3_TEST_CREDENTIALS } from './s3Server.ts';

export type StorageKind = 'local' | 's3';
export const STORAGE_KINDS: readonly StorageKind[] = ['local', 's3'];

/** A fresh, empty bucket on the run's S3 server, with the settings (and environment) that reach it. */
export async function freshBucket(): Promise<{
  settings: S3Settings;
  env: Record<string, string>;
  drop: () => Promise<void>;
}> {
  const endpoint = inject('s3Endpoint');
  const bucket = `gait-${randomBytes(6).toString('hex')}`;
  const settings: S3Settings = {
    bucket,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { ...S3_TEST_CREDENTIALS },
    prefix: 'test/',
  };
  const client = s3Client(settings);
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    settings,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
      S3_PREFIX: 'test/',
    },
    async drop() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      const keys = (listed.Contents ?? []).map((object) => ({ Key: object.Key }));
      if (keys.length > 0) await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys } }));
      await client.send(new DeleteBucketCommand({ Bucket: bucket }));
      client.destroy();
    },
  };
}

/**
 * Every object in a bucket by name, and every unfinished multipart upload as `upload:<name>`: what a crash or a
 * failed write may have left behind, seen or unseen.
 */
export async function objectsIn(settings: S3Settings): Promise<string[]> {
  const client = s3Client(settings);
  const names: string[] = [];
  let ContinuationToken: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket, ContinuationToken }));
    names.push(...(page.Contents ?? []).map((object) => object.Key ?? ''));
    ContinuationToken = page.IsTruncated === true ? page.NextContinuationToken : undefined;
  } while (ContinuationToken !== undefined);
  const uploads = await client.send(new ListMultipartUploadsCommand({ Bucket: settings.bucket }));
  names.push(...(uploads.Uploads ?? []).map((upload) => `upload:${upload.Key ?? ''}`));
  client.destroy();
  return names.sort();
}

/** A fresh directory for a local-disk store. */
export function freshDirectory(): { dir: string; drop: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gait-files-'));
  return { dir, drop: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
