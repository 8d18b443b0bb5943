import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { Config, StorageConfig } from '../platform/config.js';

// s3rver (an S3-compatible server on loopback, objects in a temp dir) for the storage tests, run in its
// own process by scripts/s3-local.mjs, as `npm run cluster` runs it: the tests talk to it over HTTP only.

const SCRIPT = path.resolve(import.meta.dirname, '../../../../scripts/s3-local.mjs');

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** The server's objects on disk (a test may look, never rely on the layout). */
  dir: string;
  /** The settings a server on this store runs with (TILTH_STORAGE=s3). */
  env: Record<string, string>;
  storage: Extract<StorageConfig, { driver: 's3' }>;
  stop(): Promise<void>;
}

export const startLocalS3 = async (o: { bucket?: string; prefix?: string } = {}): Promise<LocalS3> => {
  const bucket = o.bucket ?? 'tilth-test';
  const dir = await mkdtemp(path.join(tmpdir(), 'tilth-s3-'));
  const child: ChildProcess = spawn(
    process.execPath,
    [SCRIPT, '--port', '0', '--dir', dir, '--bucket', bucket, '--exit-with-stdin'],
    // A test worker that dies or abandons a timed-out start still ends it: its stdin closes.
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const endpoint = await new Promise<string>((resolve, reject) => {
    let url: string | undefined;
    const timer = setTimeout(() => reject(new Error(`s3rver did not start in 15 s: ${stderr}`)), 15_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited (${code}): ${stderr}`));
    });
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const m = /^s3rver (\S+) bucket /.exec(line);
      if (m) url = m[1];
      if (line === 'ready' && url) {
        clearTimeout(timer);
        resolve(url);
      }
    });
  }).catch(async (err) => {
    child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
    throw err;
  });
  const storage = {
    driver: 's3' as const,
    endpoint,
    region: 'us-east-1',
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: o.prefix ? `${o.prefix}/` : '',
  };
  return {
    endpoint,
    bucket,
    dir,
    storage,
    env: {
      TILTH_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      ...(o.prefix ? { S3_PREFIX: o.prefix } : {}),
    },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
};

/**
 * Every stored key under `prefix` (a folder, no trailing `/`; '' for all) of a server's storage, whichever the
 * driver: what a suite checks to see that a refused upload stored nothing.
 */
export const storedKeys = async (config: Pick<Config, 'dataDir' | 'storage'>, prefix: string) => {
  const s = config.storage;
  if (s.driver === 'disk') {
    const root = path.join(config.dataDir, 'files', prefix);
    const found = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    return found
      .filter((e) => e.isFile())
      .map((e) => path.relative(path.join(config.dataDir, 'files'), path.join(e.parentPath, e.name)))
      .sort();
  }
  const client = new S3Client({
    endpoint: s.endpoint,
    region: s.region,
    forcePathStyle: s.forcePathStyle,
    credentials:
      s.accessKeyId && s.secretAccessKey
        ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey }
        : undefined,
  });
  try {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const out = await client.send(
        new ListObjectsV2Command({
          Bucket: s.bucket,
          Prefix: `${s.prefix}${prefix ? `${prefix}/` : ''}`,
          ContinuationToken: token,
        }),
      );
      for (const o of out.Contents ?? []) if (o.Key) keys.push(o.Key.slice(s.prefix.length));
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  } finally {
    client.destroy();
  }
};
