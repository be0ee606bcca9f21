import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Koa from 'koa';
import type { Context, Next } from 'koa';
import S3rver from 's3rver';

/**
 * An S3-compatible server for the API run (s3rver, from the npm registry: no S3 server is packaged for Debian),
 * in a temporary directory, spoken to over HTTP by the real AWS SDK. Production uses AWS S3, MinIO, Ceph RGW or
 * another compatible service.
 */
export type S3TestServer = { endpoint: string; stop(): Promise<void> };

/** s3rver accepts any credentials; these are what the tests send. */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export async function startS3Server(): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'gait-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true });
  // s3rver is a Koa application (its type declarations leave that out); Koa composes the middleware when the
  // server starts, so ours can go first.
  (server as unknown as Koa).middleware.unshift(multipartHousekeeping(directory));
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${String(port)}`,
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * s3rver 3.7 stores multipart uploads but implements neither ListMultipartUploads nor AbortMultipartUpload, the two
 * calls that clean up after an abandoned upload, nor ListParts, which a resumed tus upload asks to learn its offset.
 * This adds them for path-style requests, as the S3 API reference describes them, over s3rver's own layout (<dir>/<bucket>/._S3rver_uploads/<UploadId>/{key, 1, 2, ...}), so that
 * the tests can see and remove what a killed upload leaves.
 */
function multipartHousekeeping(root: string) {
  const uploadsDir = (bucket: string) => path.join(root, bucket, '._S3rver_uploads');
  const xml = (ctx: Context, status: number, body: string) => {
    ctx.status = status;
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
  };
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

  return async (ctx: Context, next: Next) => {
    const [bucket = '', ...keyParts] = ctx.path.split('/').filter((part) => part !== '');
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : undefined;

    if (ctx.method === 'DELETE' && keyParts.length > 0 && uploadId !== undefined) {
      const dir = path.join(uploadsDir(bucket), path.basename(uploadId));
      if (!fs.existsSync(dir)) {
        return xml(ctx, 404, `<Error><Code>NoSuchUpload</Code><Message>No such upload</Message></Error>`);
      }
      fs.rmSync(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }

    // Only for tus uploads (<prefix>uploads/…): the session files' multipart writes keep s3rver's own answers.
    if (ctx.method === 'GET' && keyParts.includes('uploads') && uploadId !== undefined) {
      const dir = path.join(uploadsDir(bucket), path.basename(uploadId));
      if (!fs.existsSync(dir)) {
        return xml(ctx, 404, `<Error><Code>NoSuchUpload</Code><Message>No such upload</Message></Error>`);
      }
      const parts = fs
        .readdirSync(dir)
        .filter((name) => /^\d+$/.test(name))
        .map(Number)
        .sort((a, b) => a - b)
        .map((number) => {
          const content = fs.readFileSync(path.join(dir, String(number)));
          const etag = `"${createHash('md5').update(content).digest('hex')}"`;
          return `<Part><PartNumber>${String(number)}</PartNumber><ETag>${escape(etag)}</ETag><Size>${String(content.length)}</Size></Part>`;
        });
      return xml(
        ctx,
        200,
        `<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${escape(bucket)}</Bucket>` +
          `<Key>${escape(keyParts.join('/'))}</Key><UploadId>${escape(uploadId)}</UploadId>` +
          `<IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
      );
    }

    if (ctx.method === 'GET' && keyParts.length === 0 && 'uploads' in ctx.query) {
      const prefix = typeof ctx.query.prefix === 'string' ? ctx.query.prefix : '';
      const dir = uploadsDir(bucket);
      const ids = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
      const uploads = ids
        .map((id) => ({
          id,
          key: fs.readFileSync(path.join(dir, id, 'key'), 'utf8'),
          initiated: fs.statSync(path.join(dir, id, 'key')).mtime,
        }))
        .filter((upload) => upload.key.startsWith(prefix))
        .map(
          (upload) =>
            `<Upload><Key>${escape(upload.key)}</Key><UploadId>${upload.id}</UploadId>` +
            `<Initiated>${upload.initiated.toISOString()}</Initiated></Upload>`,
        );
      return xml(
        ctx,
        200,
        `<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${escape(bucket)}</Bucket>` +
          `<Prefix>${escape(prefix)}</Prefix><IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`,
      );
    }
    await next();
  };
}
