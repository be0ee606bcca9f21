import { createHash } from 'node:crypto';
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '#server/config';
import type { ByteRange, FileStorage, StoredFile } from './fileStorage.ts';
import { checkedKey, isStorageKey, newStorageKey } from './storageKeys.ts';

/**
 * Multipart part size: S3's minimum is 5 MiB. Two parts in flight bound the memory of one upload to about 16 MiB,
 * whatever the file's size, so a 2 GB video streams through.
 */
const PART_BYTES = 8 * 2 ** 20;
const PARTS_IN_FLIGHT = 2;

/** The SDK settings of the bucket: the session files' client and the tus upload store's use the same. */
export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    region: settings.region,
    ...(settings.endpoint === undefined ? {} : { endpoint: settings.endpoint }),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials === undefined ? {} : { credentials: settings.credentials }),
    // Checksums are asked for where they matter (every uploaded part carries its SHA-256, checked by the store);
    // the SDK's default of adding CRC32 to every request is not understood by every S3-compatible service.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client(s3ClientConfig(settings));
}

/** A missing object reads like a missing file on disk (ENOENT), so callers handle both stores alike. */
function asStorageError(error: unknown): unknown {
  if (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound')) {
    return Object.assign(new Error('Stored file not found'), { code: 'ENOENT' });
  }
  return error;
}

/**
 * Session files in an S3-compatible bucket (AWS S3, MinIO, Ceph RGW, ...) under `<prefix>files/<key>`. An upload
 * is a multipart upload, which the store makes visible only when it completes, so a failed source never leaves an
 * object under a real key. A process killed mid-upload cannot abort its multipart upload, whose parts would stay
 * in the bucket unseen (and billed): `dropAbandonedWrites` lists the bucket's unfinished uploads and aborts the
 * old ones. (A bucket lifecycle rule, AbortIncompleteMultipartUpload, does the same where the service has one.)
 */
export function s3Storage(settings: S3Settings, client: S3Client = s3Client(settings)): FileStorage {
  const Bucket = settings.bucket;
  const filesPrefix = `${settings.prefix}files/`;
  const objectKey = (key: string) => `${filesPrefix}${checkedKey(key)}`;

  async function getObject(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const answer = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: objectKey(key),
          ...(range === undefined ? {} : { Range: `bytes=${String(range.start)}-${String(range.end)}` }),
        }),
      );
      if (!(answer.Body instanceof Readable)) throw new Error('The object store answered without a body');
      return answer.Body;
    } catch (error) {
      throw asStorageError(error);
    }
  }

  return {
    async write(source: Readable): Promise<StoredFile> {
      const key = newStorageKey();
      const hash = createHash('sha256');
      let size = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      const body = new PassThrough();
      const upload = new Upload({
        client,
        params: { Bucket, Key: objectKey(key), Body: body, ChecksumAlgorithm: 'SHA256' },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
        // On failure the multipart upload is aborted, so its parts do not linger (and cost) in the bucket.
        leavePartsOnError: false,
      });
      const uploaded = upload.done();
      // Without a handler, a failure while the source is still streaming would be an unhandled rejection.
      uploaded.catch(() => undefined);
      try {
        await pipeline(source, measure, body);
        await uploaded;
      } catch (error) {
        await upload.abort().catch(() => undefined);
        throw error;
      }
      return { key, size, sha256: hash.digest('hex') };
    },

    read(key: string, range?: ByteRange): Readable {
      checkedKey(key);
      const out = new PassThrough();
      getObject(key, range).then(
        (body) => {
          body.on('error', (error) => out.destroy(error));
          body.pipe(out);
        },
        (error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))),
      );
      return out;
    },

    async readAll(key: string): Promise<Buffer> {
      const chunks: Buffer[] = [];
      for await (const chunk of await getObject(key)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },

    async readBytes(key: string, start: number, length: number): Promise<Buffer> {
      if (length <= 0) return Buffer.alloc(0);
      try {
        const chunks: Buffer[] = [];
        for await (const chunk of await getObject(key, { start, end: start + length - 1 }))
          chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      } catch (error) {
        // A range that starts past the end: S3 answers 416 where a file read returns no bytes.
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416) return Buffer.alloc(0);
        throw error;
      }
    },

    async delete(key: string): Promise<void> {
      // Deleting a key that does not exist succeeds in S3, as removing a gone file does on disk.
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },

    async check(): Promise<void> {
      await client.send(new HeadBucketCommand({ Bucket }));
    },

    async *listOlderThan(before: number): AsyncIterable<string> {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: filesPrefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(filesPrefix.length) ?? '';
          if (isStorageKey(key) && object.LastModified !== undefined && object.LastModified.getTime() < before) {
            yield key;
          }
        }
        ContinuationToken = page.IsTruncated === true ? page.NextContinuationToken : undefined;
      } while (ContinuationToken !== undefined);
    },

    async dropAbandonedWrites(before: number): Promise<number> {
      let aborted = 0;
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      do {
        const page = await client.send(
          new ListMultipartUploadsCommand({ Bucket, Prefix: filesPrefix, KeyMarker, UploadIdMarker }),
        );
        for (const upload of page.Uploads ?? []) {
          if (upload.Initiated === undefined || upload.Initiated.getTime() >= before) continue;
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId }));
          aborted += 1;
        }
        const more = page.IsTruncated === true;
        KeyMarker = more ? page.NextKeyMarker : undefined;
        UploadIdMarker = more ? page.NextUploadIdMarker : undefined;
      } while (KeyMarker !== undefined);
      return aborted;
    },
  };
}
