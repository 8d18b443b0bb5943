// File storage throughput (issue 20 item 2): a generated stream (512 MB by default) put and read back
// through each driver — the disk under a temp dir, and S3 against s3rver in its own process
// (scripts/s3-local.mjs) — with MB/s each way, the sha256 checked, and this process's RSS growth over the
// run (sampled every 10 ms; the driver must stream, not buffer). Drivers alternate (disk, s3, disk, s3 …)
// so machine noise hits both alike. Run: npm run bench:storage [-- --mb 512 --rounds 2]
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { S3Storage } from '../apps/server/src/platform/files/s3-storage.js';
import { type FileStorage, LocalDiskStorage } from '../apps/server/src/platform/files/storage.js';
import { startLocalS3 } from '../apps/server/src/test/s3.js';

const { values } = parseArgs({
  options: { mb: { type: 'string', default: '512' }, rounds: { type: 'string', default: '2' } },
});
const MB = Number(values.mb);
const ROUNDS = Number(values.rounds);
const MiB = 1024 * 1024;

const source = (block: Buffer, hash: ReturnType<typeof createHash>) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < MB; i++) {
        const chunk = Buffer.from(block);
        chunk.writeUInt32BE(i, 0);
        hash.update(chunk);
        yield chunk;
      }
    })(),
  );

const once = async (storage: FileStorage, block: Buffer) => {
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  try {
    const sent = createHash('sha256');
    let t = performance.now();
    await storage.put('bench/big.bin', source(block, sent));
    const putMs = performance.now() - t;
    t = performance.now();
    const got = createHash('sha256');
    for await (const c of (await storage.get('bench/big.bin')) as Readable) got.update(c as Buffer);
    const getMs = performance.now() - t;
    if (got.digest('hex') !== sent.digest('hex')) throw new Error('bytes differ');
    await storage.remove('bench/big.bin');
    return { put: MB / (putMs / 1000), get: MB / (getMs / 1000), rss: (peak - base) / MiB };
  } finally {
    clearInterval(sampler);
  }
};

const s3 = await startLocalS3();
const root = await mkdtemp(path.join(tmpdir(), 'tilth-bench-disk-'));
const drivers: Record<string, FileStorage> = {
  disk: new LocalDiskStorage(root),
  s3: new S3Storage(s3.storage),
};
const block = randomBytes(MiB);
const rows: string[] = [];
try {
  console.log(
    `load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (let r = 1; r <= ROUNDS; r++) {
    for (const [name, storage] of Object.entries(drivers)) {
      const m = await once(storage, block);
      const row = `| ${r} | ${name} | ${MB} | ${m.put.toFixed(0)} | ${m.get.toFixed(0)} | ${m.rss.toFixed(0)} |`;
      rows.push(row);
      console.log(row);
    }
  }
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log('\n| round | driver | MB | put MB/s | get MB/s | RSS growth MiB |\n|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
} finally {
  (drivers.s3 as S3Storage).close();
  await s3.stop();
  await rm(root, { recursive: true, force: true });
}
