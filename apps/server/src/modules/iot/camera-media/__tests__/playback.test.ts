import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaHub } from '../hub.js';
import { listSegments, pruneSegments, recDir, sealOrphans } from '../recorder.js';
import { signStream, streamKey, verifyStream } from '../stream-token.js';
import { cam, cleanup, collect, probe, sleep, testHub } from './media.helpers.js';

// What is watched is recorded in segments and plays back at 1× / 2× / 4×; old segments go; stream tokens
// are bound to tenant, camera and expiry.

let hub: MediaHub;
let dataDir: string;

beforeAll(async () => {
  ({ hub, dataDir } = await testHub({ segmentMs: 1500 }));
}, 120_000);

afterAll(async () => {
  await hub.close();
  await cleanup(dataDir);
});

describe('demo camera recording and playback', () => {
  it('records while watched and plays the last seconds back at 2× in half the time', async () => {
    const c = cam(11, 7);
    const start = Date.now();
    const viewer = await hub.open(c, 'hd');
    await collect(viewer.stream, 6500);
    viewer.end();
    await sleep(800); // the grace passes, the last segment is closed
    const end = Date.now();
    const spans = await hub.recordings(c, { from: new Date(start - 60_000), to: new Date(end) });
    expect(spans).toHaveLength(1);
    const span = spans[0];
    if (!span) throw new Error('no span');
    expect(span.to.getTime() - span.from.getTime()).toBeGreaterThan(4000);
    expect((await listSegments(recDir(dataDir, 7, 11))).length).toBeGreaterThanOrEqual(3);

    // Nothing is recorded for a camera nobody watched.
    expect(await hub.recordings(cam(12, 7), { from: new Date(start), to: new Date(end) })).toEqual([]);

    const from = new Date(span.to.getTime() - 4000);
    const t0 = Date.now();
    const pb = await hub.openPlayback(c, { from, to: span.to }, 2);
    const got = await collect(pb.stream, 10_000);
    const took = got.endedAt - t0;
    const p = await probe(got.data);
    // 4 s of recording at 2×: about 2 s of picture, delivered in about 2 s.
    expect(p.seconds).toBeGreaterThan(1.3);
    expect(p.seconds).toBeLessThan(3);
    expect(took).toBeGreaterThan(1300);
    expect(took).toBeLessThan(3800); // at 1× it would take 4 s
  }, 60_000);

  it('seals a segment a stopped process left open at its last write', async () => {
    const dir = recDir(dataDir, 9, 1);
    await mkdir(dir, { recursive: true });
    const from = Date.now() - 600_000;
    const file = path.join(dir, `${from}_open.ts`);
    await writeFile(file, Buffer.alloc(188));
    const last = new Date(from + 30_000);
    await utimes(file, last, last);
    expect(
      (await hub.recordings({ ...cam(1, 9) }, { from: new Date(from), to: new Date() }))[0]?.to.getTime(),
    ).toBeGreaterThan(Date.now() - 1000);
    expect(await sealOrphans(`${dataDir}/camera/rec`)).toBe(1);
    const spans = await hub.recordings(cam(1, 9), { from: new Date(from), to: new Date() });
    expect(spans).toHaveLength(1);
    const length = (spans[0]?.to.getTime() ?? 0) - (spans[0]?.from.getTime() ?? 0);
    expect(Math.abs(length - 30_000)).toBeLessThan(1000);
  });

  it('deletes segments older than the kept hours', async () => {
    const dir = recDir(dataDir, 7, 11);
    const before = (await listSegments(dir)).length;
    expect(before).toBeGreaterThan(0);
    expect(await pruneSegments(`${dataDir}/camera/rec`, Date.now() - 3_600_000)).toBe(0);
    // The sealed orphan of the test above goes too.
    expect(await pruneSegments(`${dataDir}/camera/rec`, Date.now() + 1000)).toBe(before + 1);
    expect(await listSegments(dir)).toEqual([]);
  });
});

describe('stream tokens', () => {
  const key = streamKey(new TextEncoder().encode('test-secret'));
  const exp = Math.floor(Date.now() / 1000) + 60;

  it('a signed URL names its tenant and camera and is refused elsewhere or after expiry', async () => {
    const src = hub.sign(cam(1, 7), { k: 'live', q: 'hd' });
    expect(src.kind).toBe('mpegts');
    expect(src.url).toMatch(/^\/wfpe\/v1\/7\/camera\/stream\/1\?st=/);
    const token = new URL(src.url, 'http://x').searchParams.get('st') ?? '';
    expect(hub.verify(token, 7, 1)).toMatchObject({ t: 7, c: 1, q: 'hd', k: 'live' });
    expect(hub.verify(token, 8, 1)).toBeUndefined();
    expect(hub.verify(token, 7, 2)).toBeUndefined();
    expect(verifyStream(key, token, Date.now() + 3_600_000)).toBeUndefined();
  });

  it('refuses tampered, foreign-key and malformed tokens', () => {
    const token = signStream(key, { t: 7, c: 1, q: 'hd', k: 'live', exp });
    const [body, sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ t: 8, c: 1, q: 'hd', k: 'live', exp })).toString('base64url');
    expect(verifyStream(key, `${forged}.${sig}`)).toBeUndefined();
    expect(verifyStream(streamKey(new TextEncoder().encode('other')), token)).toBeUndefined();
    expect(verifyStream(key, `${body}`)).toBeUndefined();
    expect(verifyStream(key, 'x.y.z')).toBeUndefined();
    expect(verifyStream(key, token)).toMatchObject({ t: 7 });
  });
});
