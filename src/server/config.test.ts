import { describe, expect, it } from 'vitest';
import { loadConfig, trustProxyOf } from './config.ts';

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.5, 10.0.1.0/24,::1', ['10.0.0.5', '10.0.1.0/24', '::1']],
  ])('reads %j as %j', (value, expected) => {
    expect(trustProxyOf(value)).toEqual(expected);
  });

  it.each(['true', 'yes', 'proxy.example'])('refuses %j with a message naming the setting', (value) => {
    expect(() => trustProxyOf(value)).toThrow(/TRUST_PROXY/);
  });
});

describe('storage configuration', () => {
  it('keeps session files on the local disk under DATA_DIR/files by default', () => {
    expect(loadConfig({ DATA_DIR: '/srv/gait' }).storage).toEqual({ kind: 'local', dir: '/srv/gait/files' });
  });

  it('switches to an S3-compatible bucket when S3_BUCKET is set', () => {
    const storage = loadConfig({
      DATA_DIR: '/srv/gait',
      S3_BUCKET: 'gait-files',
      S3_ENDPOINT: 'https://minio.clinic.example:9000',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: 'portal',
    }).storage;
    expect(storage).toEqual({
      kind: 's3',
      dir: '/srv/gait/files',
      s3: {
        bucket: 'gait-files',
        region: 'eu-central-1',
        endpoint: 'https://minio.clinic.example:9000',
        // A custom endpoint is usually a self-hosted service, which wants the bucket in the path.
        forcePathStyle: true,
        credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
        prefix: 'portal/',
      },
    });
  });

  it('uses AWS S3 with virtual-hosted addressing and the default credential chain when only the bucket is set', () => {
    expect(loadConfig({ S3_BUCKET: 'gait-files' }).storage).toMatchObject({
      kind: 's3',
      s3: { bucket: 'gait-files', region: 'us-east-1', forcePathStyle: false, prefix: '' },
    });
    expect(loadConfig({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'true' }).storage).toMatchObject({
      s3: { forcePathStyle: true },
    });
  });

  it('refuses settings that cannot be meant', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow('S3_ENDPOINT set without S3_BUCKET');
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow('S3_SECRET_ACCESS_KEY');
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow('http:// or https://');
  });
});
