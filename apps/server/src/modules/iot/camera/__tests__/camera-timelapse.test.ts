import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@tilth/contracts';
import type { Timelapse, TimelapseDefaults } from '@tilth/contracts/camera-timelapse.types';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byteRange, STORED_FILE_CSP } from '../../../../platform/http/serve-file.js';
import { login, signInRoles, startTestServer, type TestServer } from '../../../../test/harness.js';
import { insertCamera } from '../camera.repository.js';
import { storeStill } from '../camera.still.js';
import { insertSeedling } from '../camera-capture.repository.js';
import { DEMO_STILLS, seedDemoStills } from '../camera-demo-stills.js';
import { dayScript, sampleEvenly, timelapseKey } from '../camera-timelapse.jobs.js';
import { caller } from './camera-helpers.js';

// Growth time-lapses: a real MP4 from ten small stills, polled to done, served with ranges; the refusals.

const run = promisify(execFile);
let s: TestServer;
let A: number;
let B: number;
let h: ReturnType<typeof caller>;
const tokens: Record<string, string> = {};
const ids = { base: 0, plot: 0, empty: 0, demo: 0 };
const tl = (t: number, rest = '') => `/wfpe/v2/${t}/camera/timelapse${rest}`;
let work: string;

/** Ten stills of the plot, one a day from 2026-05-01 (sizes differ, as real cameras' do). */
const seedStills = async (landId: number, n: number) => {
  for (let i = 0; i < n; i += 1) {
    const data = await sharp({
      create: { width: 64 + (i % 2) * 16, height: 48, channels: 3, background: { r: 20 * i, g: 160, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    const takenAt = new Date(Date.UTC(2026, 4, 1 + i, 4, 0));
    await s.platform.database.withTenant(A, async (tx) => {
      const stored = await storeStill(
        tx,
        s.platform.storage,
        A,
        null,
        { id: 999, deviceSerial: 'LAPSE' },
        { data, takenAt },
      );
      await insertSeedling(tx, A, {
        cameraId: 999,
        areaId: ids.base,
        landId,
        fileId: stored.fileId,
        takenAt,
        source: 'schedule',
        createdBy: null,
      });
    });
  }
};

const waitDone = async (id: number): Promise<Timelapse> => {
  for (let i = 0; i < 200; i += 1) {
    const j = await h.ok<Timelapse>('admin', 'GET', tl(A, `/${id}`));
    if (j.status === 'done' || j.status === 'failed') return j;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('time-lapse not finished in 10 s');
};

beforeAll(async () => {
  s = await startTestServer();
  A = s.fixtures.tenantA;
  B = s.fixtures.tenantB;
  Object.assign(tokens, await signInRoles(s));
  h = caller(s, tokens);
  work = await mkdtemp(path.join(tmpdir(), 'tilth-lapse-'));
  ids.base = (
    await h.ok<{ areaId: number }>('admin', 'POST', `/wfpf/v1/${A}/area`, { areaName: 'Lapse base' })
  ).areaId;
  const plot = async (landName: string) =>
    (await h.ok<{ landId: number }>('admin', 'POST', `/wfpf/v1/${A}/land`, { areaId: ids.base, landName }))
      .landId;
  ids.plot = await plot('Lapse 1');
  ids.empty = await plot('Lapse empty');
  ids.demo = await plot('Lapse demo');
  await seedStills(ids.plot, 10);
});
afterAll(async () => {
  await s?.close();
  await rm(work, { recursive: true, force: true });
});

describe('growth time-lapse', () => {
  let job: Timelapse;

  it('makes an H.264 MP4 of the stills in time order, progress reaching 100', async () => {
    const d = await h.ok<TimelapseDefaults>('admin', 'GET', tl(A, `/defaults?landId=${ids.plot}`));
    expect(d.stills).toBe(0); // no batch: the last 90 days, and the stills are from May 2026
    const res = await h.call('admin', 'POST', tl(A), {
      landId: ids.plot,
      from: '2026-05-01',
      to: '2026-05-31',
      fps: 10,
    });
    expect(res.statusCode, res.body).toBe(202);
    const queued = res.json() as Timelapse;
    expect(['queued', 'running', 'done']).toContain(queued.status);
    job = await waitDone(queued.id);
    expect(job).toMatchObject({ status: 'done', progress: 100, frames: 10, durationSec: 1, error: null });
    expect(job.videoUrl).toBe(tl(A, `/${job.id}/video`));

    const video = await h.call('admin', 'GET', job.videoUrl as string);
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(video.headers['x-content-type-options']).toBe('nosniff');
    expect(video.headers['content-security-policy']).toBe(STORED_FILE_CSP);
    expect(video.headers['content-disposition']).toMatch(/^inline; filename=".*\.mp4"/);
    expect(video.headers['accept-ranges']).toBe('bytes');
    const file = path.join(work, 'lapse.mp4');
    await writeFile(file, video.rawPayload);
    const { stdout } = await run('ffprobe', [
      ...['-v', 'error', '-count_frames', '-select_streams', 'v:0'],
      ...[
        '-show_entries',
        'stream=codec_name,nb_read_frames,width,height:format=duration',
        '-of',
        'json',
        file,
      ],
    ]);
    const probe = JSON.parse(stdout) as {
      streams: { codec_name: string; nb_read_frames: string; width: number; height: number }[];
      format: { duration: string };
    };
    expect(probe.streams[0]).toMatchObject({
      codec_name: 'h264',
      nb_read_frames: '10',
      width: 854,
      height: 480,
    });
    expect(Number(probe.format.duration)).toBeCloseTo(1, 1);
    // +faststart: the index (moov) comes before the media data.
    const head = video.rawPayload.subarray(0, 4096).toString('latin1');
    expect(head.indexOf('moov')).toBeGreaterThan(0);
    expect(head.indexOf('mdat')).toBeGreaterThan(head.indexOf('moov'));

    const part = await h.call('admin', 'GET', job.videoUrl as string, undefined, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${video.rawPayload.length}`);
    expect(part.rawPayload.equals(video.rawPayload.subarray(100, 200))).toBe(true);
    const tail = await h.call('admin', 'GET', job.videoUrl as string, undefined, { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.length).toBe(10);
    const beyond = await h.call('admin', 'GET', job.videoUrl as string, undefined, {
      range: `bytes=${video.rawPayload.length}-`,
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${video.rawPayload.length}`);

    const list = await h.ok<Page<Timelapse>>('admin', 'GET', tl(A, `?landId=${ids.plot}&page=0&size=10`));
    expect(list.content.map((j) => j.id)).toEqual([job.id]);
    expect(list.totalElements).toBe(1);
  });

  it('refuses fewer than 2 stills with a typed 400 and makes no job', async () => {
    const e = await h.refused(400, 'admin', 'POST', tl(A), { landId: ids.empty, fps: 12 });
    expect(e.code).toBe('wfpe.warn.camera.timelapse.tooFewStills');
    expect(e.message).toContain('fewer than 2');
    const one = await h.refused(400, 'admin', 'POST', tl(A), {
      landId: ids.plot,
      from: '2026-05-03',
      to: '2026-05-03',
    });
    expect(one.message).toContain('(1 found)');
    const list = await h.ok<Page<Timelapse>>('admin', 'GET', tl(A, `?landId=${ids.empty}`));
    expect(list.totalElements).toBe(0);
  });

  it('enforces fps 6–30 and the range order, naming the field', async () => {
    for (const fps of [5, 31, 12.5]) {
      const e = await h.refused(400, 'admin', 'POST', tl(A), { landId: ids.plot, fps });
      expect(e.message).toContain('fps');
    }
    const e = await h.refused(400, 'admin', 'POST', tl(A), {
      landId: ids.plot,
      from: '2026-05-09',
      to: '2026-05-01',
    });
    expect(e.message).toContain('to');
    await h.refused(404, 'admin', 'POST', tl(A), { landId: ids.plot, batchId: 999_999 });
  });

  it('shows another tenant nothing', async () => {
    await h.refused(404, 'adminB', 'GET', tl(B, `/${job.id}`));
    await h.refused(404, 'adminB', 'GET', tl(B, `/${job.id}/video`));
    await h.refused(404, 'adminB', 'DELETE', tl(B, `/${job.id}`));
    await h.refused(404, 'adminB', 'POST', tl(B), { landId: ids.plot });
    await h.refused(403, 'adminB', 'GET', tl(A, `/${job.id}/video`));
    expect((await h.ok<Page<Timelapse>>('adminB', 'GET', tl(B))).totalElements).toBe(0);
  });

  it('deletes the row with its video', async () => {
    const key = timelapseKey(A, job.id);
    expect((await s.platform.storage.stat(key))?.size).toBeGreaterThan(0);
    await h.refused(409, 'admin', 'DELETE', tl(A, `/${job.id}?objectVersionNumber=1`));
    await h.ok('admin', 'DELETE', tl(A, `/${job.id}?objectVersionNumber=${job.objectVersionNumber}`));
    expect(await s.platform.storage.stat(key)).toBeUndefined();
    await h.refused(404, 'admin', 'GET', tl(A, `/${job.id}`));
    await h.refused(404, 'admin', 'GET', tl(A, `/${job.id}/video`));
  });
});

describe('one at a time per tenant', () => {
  it('refuses a second time-lapse while one is queued or running (409), then takes the next', async () => {
    const body = { landId: ids.plot, from: '2026-05-01', to: '2026-05-10', fps: 30 };
    const both = await Promise.all([
      h.call('admin', 'POST', tl(A), body),
      h.call('admin', 'POST', tl(A), body),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([202, 409]);
    const busy = both.find((r) => r.statusCode === 409);
    expect(busy?.json()).toMatchObject({ code: 'wfpe.warn.camera.timelapse.busy' });
    const first = both.find((r) => r.statusCode === 202)?.json() as Timelapse;
    expect((await waitDone(first.id)).status).toBe('done');
    const next = await h.call('admin', 'POST', tl(A), body);
    expect(next.statusCode, next.body).toBe(202);
    expect((await waitDone((next.json() as Timelapse).id)).status).toBe('done');
  });
});

describe('base scope', () => {
  it("a member limited to another base neither sees nor makes the plot's time-lapses", async () => {
    const other = (
      await h.ok<{ areaId: number }>('admin', 'POST', `/wfpf/v1/${A}/area`, { areaName: 'Other base' })
    ).areaId;
    const role = await h.ok<{ id: number }>('admin', 'POST', `/iam/v1/${A}/roles`, {
      code: 'lapse-other',
      nameZh: '其他基地',
      nameEn: 'Other base watcher',
      permissions: ['wfpf.farm.equipment.camera'],
      dataScope: 'bases',
      baseIds: [other],
    });
    await h.ok('admin', 'POST', `/iam/v1/${A}/users`, {
      realName: 'Lapse watcher',
      phone: '13800000778',
      password: 'Start123',
      roleIds: [role.id],
    });
    tokens.scoped = await login(s, '13800000778', 'Start123');
    await h.refused(404, 'scoped', 'POST', tl(A), { landId: ids.plot, from: '2026-05-01', to: '2026-05-31' });
    await h.refused(404, 'scoped', 'GET', tl(A, `/defaults?landId=${ids.plot}`));
    const seen = await h.ok<Page<Timelapse>>('scoped', 'GET', tl(A, `?landId=${ids.plot}`));
    expect(seen.totalElements).toBe(0);
    const all = await h.ok<Page<Timelapse>>('admin', 'GET', tl(A, `?landId=${ids.plot}`));
    expect(all.totalElements).toBeGreaterThan(0);
    for (const j of all.content) {
      await h.refused(404, 'scoped', 'GET', tl(A, `/${j.id}`));
      await h.refused(404, 'scoped', 'GET', tl(A, `/${j.id}/video`));
      await h.refused(404, 'scoped', 'DELETE', tl(A, `/${j.id}`));
    }
  });
});

describe('demo stills', () => {
  it('gives a marked demo camera a season of stills once, enough for a time-lapse', async () => {
    const scene = path.join(work, 'scene.jpg');
    await sharp({ create: { width: 1920, height: 540, channels: 3, background: '#6a4' } })
      .jpeg()
      .toFile(scene);
    const userId = 0;
    await s.platform.database.withTenant(A, (tx) =>
      insertCamera(tx, A, userId, {
        name: 'Demo lapse',
        deviceSerial: 'DEMO-LAPSE',
        cameraType: 0,
        cameraEnter: 5,
        provider: 'demo',
        channelNo: 1,
        clarity: 2,
        areaId: ids.base,
        landId: ids.demo,
        online: 1,
        sort: 0,
        config: { scene: 1, demoStills: 1 },
      }),
    );
    expect(await seedDemoStills(s.platform, scene)).toBe(DEMO_STILLS);
    expect(await seedDemoStills(s.platform, scene)).toBe(0);
    const d = await h.ok<TimelapseDefaults>('admin', 'GET', tl(A, `/defaults?landId=${ids.demo}`));
    expect(d.stills).toBe(DEMO_STILLS);
    expect(d.cameraIds).toHaveLength(1);
  });
});

describe('helpers', () => {
  it('samples evenly, keeping the first and last', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i);
    const got = sampleEvenly(xs, 5);
    expect(got).toEqual([0, 25, 50, 74, 99]);
    expect(sampleEvenly([1, 2], 5)).toEqual([1, 2]);
  });
  it('writes one drawtext change per day', () => {
    expect(dayScript(['2026-05-01', '2026-05-01', '2026-05-02'], 2)).toBe(
      "0.0000-1.0000 [enter] drawtext reinit 'text=2026-05-01';\n1.0000-1.5000 [enter] drawtext reinit 'text=2026-05-02';\n",
    );
  });
  it('reads byte ranges', () => {
    expect(byteRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(byteRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=-5', 100)).toEqual({ start: 95, end: 99 });
    expect(byteRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(byteRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(byteRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(byteRange(undefined, 100)).toBeUndefined();
  });
});
