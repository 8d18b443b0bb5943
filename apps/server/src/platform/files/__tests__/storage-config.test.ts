import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';

// TILTH_STORAGE and the S3_* settings: today's disk by default, S3 only when fully and sanely named, and
// a start-up error (not a silent fallback to disk) for anything half set.

describe('storage settings', () => {
  it('stores on disk, with scratch in the OS temp dir, when nothing is set', () => {
    const c = loadConfig({});
    expect(c.storage).toEqual({ driver: 'disk' });
    expect(c.scratchDir).toBe(path.resolve(tmpdir()));
    expect(loadConfig({ TILTH_SCRATCH_DIR: '/var/tmp/tilth' }).scratchDir).toBe('/var/tmp/tilth');
  });

  it('reads an S3 store, path style by default with an endpoint, and normalises the prefix', () => {
    const c = loadConfig({
      TILTH_STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:19100',
      S3_BUCKET: 'tilth',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      S3_PREFIX: '/farm/files/',
    });
    expect(c.storage).toEqual({
      driver: 's3',
      endpoint: 'http://127.0.0.1:19100',
      region: 'us-east-1',
      bucket: 'tilth',
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: true,
      prefix: 'farm/files/',
    });
  });

  it('uses virtual-host style on AWS (no endpoint) unless told, and the SDK chain without keys', () => {
    const aws = loadConfig({ TILTH_STORAGE: 's3', S3_BUCKET: 'b', S3_REGION: 'eu-west-1' }).storage;
    expect(aws).toMatchObject({
      endpoint: undefined,
      region: 'eu-west-1',
      forcePathStyle: false,
      prefix: '',
    });
    expect(aws).toMatchObject({ accessKeyId: undefined, secretAccessKey: undefined });
    const forced = loadConfig({ TILTH_STORAGE: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: '1' }).storage;
    expect(forced).toMatchObject({ forcePathStyle: true });
    const off = loadConfig({
      TILTH_STORAGE: 's3',
      S3_BUCKET: 'b',
      S3_ENDPOINT: 'https://s3.example.com',
      S3_FORCE_PATH_STYLE: '0',
    }).storage;
    expect(off).toMatchObject({ forcePathStyle: false });
  });

  it('refuses an unknown driver, a missing bucket, a bad endpoint and half a key pair', () => {
    expect(() => loadConfig({ TILTH_STORAGE: 'gcs' })).toThrow(/TILTH_STORAGE must be disk or s3/);
    expect(() => loadConfig({ TILTH_STORAGE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ TILTH_STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow(
      /S3_ENDPOINT/,
    );
    expect(() => loadConfig({ TILTH_STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /go together/,
    );
    expect(() => loadConfig({ TILTH_STORAGE: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
  });
});
