import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, startLocalS3 } from '../../../test/s3.js';
import { S3Storage } from '../s3-storage.js';
import { type FileStorage, LocalDiskStorage } from '../storage.js';

// One contract, both drivers: the disk under a temp dir, and S3 against a real s3rver process on
// loopback (scripts/s3-local.mjs). What the domains rely on: bytes back as put, byte spans, sizes,
// missing keys answered as missing, hostile keys refused, failed puts leaving nothing, bounded memory.

const read = async (body: Readable | undefined): Promise<Buffer> => {
  if (!body) throw new Error('no body');
  const parts: Buffer[] = [];
  for await (const c of body) parts.push(c as Buffer);
  return Buffer.concat(parts);
};

const bytes = (s: string) => Readable.from([Buffer.from(s)]);

/** A body that sends some bytes and then fails, like an upload cut off or refused at its limit. */
const failing = () =>
  new Readable({
    read() {
      this.push(Buffer.alloc(64 * 1024, 1));
      this.destroy(new Error('client went away'));
    },
  });

const HOSTILE = [
  '../escape',
  'a/../../escape',
  '/etc/passwd',
  'a//b',
  'a/./b',
  'a\\..\\b',
  '',
  'a/b\0c',
  '..',
];

const MiB = 1024 * 1024;

let s3: LocalS3;
const drivers: Record<string, { storage: FileStorage; root: string }> = {};

beforeAll(async () => {
  s3 = await startLocalS3({ prefix: 'tilth' });
  const root = await mkdtemp(path.join(tmpdir(), 'tilth-disk-'));
  drivers.disk = { storage: new LocalDiskStorage(root), root };
  drivers.s3 = { storage: new S3Storage(s3.storage), root: s3.dir };
}, 30_000);

afterAll(async () => {
  (drivers.s3?.storage as S3Storage | undefined)?.close();
  await s3?.stop();
  if (drivers.disk) await rm(drivers.disk.root, { recursive: true, force: true });
});

describe.each(['disk', 's3'])('%s storage driver', (name) => {
  const st = () => (drivers[name] as { storage: FileStorage }).storage;

  it('gives back what was put, whole and by byte span, with its size', async () => {
    const body = randomBytes(100_000);
    const before = Date.now();
    await st().put('t1/files/a.bin', Readable.from([body.subarray(0, 40_000), body.subarray(40_000)]));
    expect((await read(await st().get('t1/files/a.bin'))).equals(body)).toBe(true);
    expect(
      (await read(await st().get('t1/files/a.bin', { start: 0, end: 0 }))).equals(body.subarray(0, 1)),
    ).toBe(true);
    const mid = await read(await st().get('t1/files/a.bin', { start: 12_345, end: 67_889 }));
    expect(mid.equals(body.subarray(12_345, 67_890))).toBe(true);
    const tail = await read(await st().get('t1/files/a.bin', { start: 99_990, end: 99_999 }));
    expect(tail.equals(body.subarray(99_990))).toBe(true);
    const stat = await st().stat('t1/files/a.bin');
    expect(stat?.size).toBe(100_000);
    // Store clocks round to the second.
    expect(stat?.modified.getTime()).toBeGreaterThanOrEqual(before - 2000);
    expect(stat?.modified.getTime()).toBeLessThanOrEqual(Date.now() + 2000);
  });

  it('stores an empty file', async () => {
    await st().put('t1/empty', Readable.from([]));
    expect((await st().stat('t1/empty'))?.size).toBe(0);
    expect((await read(await st().get('t1/empty'))).length).toBe(0);
  });

  it('replaces a key on a second put', async () => {
    await st().put('t1/over', bytes('first version, longer'));
    await st().put('t1/over', bytes('second'));
    expect((await read(await st().get('t1/over'))).toString()).toBe('second');
    expect((await st().stat('t1/over'))?.size).toBe(6);
  });

  it('answers a missing key as missing, and removes idempotently', async () => {
    expect(await st().get('t1/nothing-here')).toBeUndefined();
    expect(await st().get('t1/nothing-here', { start: 0, end: 3 })).toBeUndefined();
    expect(await st().stat('t1/nothing-here')).toBeUndefined();
    await st().put('t1/gone', bytes('bye'));
    await st().remove('t1/gone');
    expect(await st().get('t1/gone')).toBeUndefined();
    expect(await st().stat('t1/gone')).toBeUndefined();
    await expect(st().remove('t1/gone')).resolves.toBeUndefined();
  });

  it('does not answer a folder of keys as a file', async () => {
    await st().put('t1/dir/inner', bytes('x'));
    expect(await st().stat('t1/dir')).toBeUndefined();
    expect(await st().get('t1/dir')).toBeUndefined();
  });

  it.each(HOSTILE)('refuses the hostile key %j for every call', async (key) => {
    await expect(st().put(key, bytes('x'))).rejects.toThrow(/bad storage key/);
    await expect(st().get(key)).rejects.toThrow(/bad storage key/);
    await expect(st().stat(key)).rejects.toThrow(/bad storage key/);
    await expect(st().remove(key)).rejects.toThrow(/bad storage key/);
  });

  it('leaves nothing (and the old bytes) when a put fails midway', async () => {
    await expect(st().put('t1/cut', failing())).rejects.toThrow(/client went away/);
    expect(await st().stat('t1/cut')).toBeUndefined();
    await st().put('t1/kept', bytes('old'));
    await expect(st().put('t1/kept', failing())).rejects.toThrow(/client went away/);
    expect((await read(await st().get('t1/kept'))).toString()).toBe('old');
  });

  it('refuses a file stream whose file is gone, as an error of the put and not of the process', async () => {
    // The stream opens (and fails) on its own while the driver is still making room for it; a tiler's
    // scratch removed under it once crashed the process with that error uncaught.
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', onUncaught);
    try {
      const gone = path.join(tmpdir(), `tilth-gone-${Date.now()}.jpeg`);
      const puts = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) => st().put(`t1/gone/${i}`, createReadStream(gone))),
      );
      for (const p of puts) expect(p.status === 'rejected' && String(p.reason)).toMatch(/ENOENT/);
      await new Promise((r) => setTimeout(r, 50));
      expect(uncaught).toEqual([]);
      expect(await st().stat('t1/gone/0')).toBeUndefined();
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });

  it('streams 256 MB both ways in bounded memory, byte for byte', { timeout: 240_000 }, async () => {
    const SIZE = 256 * MiB;
    const block = randomBytes(MiB);
    const sent = createHash('sha256');
    // Each MiB differs (its index at the front), so a lost, doubled or reordered part changes the hash.
    const source = Readable.from(
      (function* () {
        for (let i = 0; i < SIZE / MiB; i++) {
          const chunk = Buffer.from(block);
          chunk.writeUInt32BE(i, 0);
          sent.update(chunk);
          yield chunk;
        }
      })(),
    );
    global.gc?.();
    const base = process.memoryUsage().rss;
    let peak = base;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    try {
      await st().put('t1/big.bin', source);
      expect((await st().stat('t1/big.bin'))?.size).toBe(SIZE);
      const got = createHash('sha256');
      let n = 0;
      for await (const c of (await st().get('t1/big.bin')) as Readable) {
        got.update(c as Buffer);
        n += (c as Buffer).length;
      }
      expect(n).toBe(SIZE);
      expect(got.digest('hex')).toBe(sent.digest('hex'));
    } finally {
      clearInterval(sampler);
      await st().remove('t1/big.bin');
    }
    // S3: parts of 8 MiB, 2 in flight; disk: stream buffers. Far below the 256 MB that went through.
    const growth = (peak - base) / MiB;
    console.log(`${name}: 256 MB round trip, RSS growth ${growth.toFixed(1)} MiB`);
    expect(growth).toBeLessThan(96);
  });
});

describe('s3 storage driver specifics', () => {
  it('keeps every key under S3_PREFIX in the bucket', async () => {
    await drivers.s3?.storage.put('t9/prefixed.txt', bytes('under the prefix'));
    const bare = new S3Storage({ ...s3.storage, prefix: '' });
    try {
      expect((await read(await bare.get('tilth/t9/prefixed.txt'))).toString()).toBe('under the prefix');
      expect(await bare.get('t9/prefixed.txt')).toBeUndefined();
    } finally {
      bare.close();
    }
  });

  it('fails (not "missing") when the bucket does not exist', async () => {
    const wrong = new S3Storage({ ...s3.storage, bucket: 'no-such-bucket' });
    try {
      await expect(wrong.get('t1/a.bin')).rejects.toThrow();
      await expect(wrong.put('t1/a.bin', bytes('x'))).rejects.toThrow();
    } finally {
      wrong.close();
    }
  });

  it('fails when the store is unreachable', async () => {
    const down = new S3Storage({ ...s3.storage, endpoint: 'http://127.0.0.1:1' });
    try {
      await expect(down.stat('t1/a.bin')).rejects.toThrow();
    } finally {
      down.close();
    }
  });

  it('reports the body error and stores nothing when a multipart put fails', async () => {
    let sent = 0;
    const cut = new Readable({
      read() {
        if (sent >= 20 * MiB) {
          this.destroy(new Error('cut at 20 MiB'));
          return;
        }
        sent += MiB;
        this.push(Buffer.alloc(MiB, 7));
      },
    });
    await expect(drivers.s3?.storage.put('t1/cut-big', cut)).rejects.toThrow(/cut at 20 MiB/);
    // s3rver cannot abort a multipart upload (405), so its parts stay in its directory; real S3 drops
    // them on abort (and a bucket lifecycle rule catches any abort that failed, docs/scaling.md).
    expect(await drivers.s3?.storage.stat('t1/cut-big')).toBeUndefined();
  });
});
