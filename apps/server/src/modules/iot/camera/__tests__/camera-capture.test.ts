import type { Page } from '@tilth/contracts';
import type { Camera } from '@tilth/contracts/camera.types';
import type { CaptureSchedule, SeedlingImage, SplitTemplate } from '@tilth/contracts/camera-capture.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInRoles, startTestServer, type TestServer } from '../../../../test/harness.js';
import { seedCameras } from '../camera.demo.js';
import { runTimedCaptures, slotAt } from '../camera.jobs.js';
import { registerCameraProvider } from '../camera.providers.js';
import { caller, type FakeProvider, fakeProvider } from './camera-helpers.js';

// Timed captures, seedling-situation stills, split-screen templates and the data panel.

let s: TestServer;
let A: number;
let B: number;
let fake: FakeProvider;
const tokens: Record<string, string> = {};
let h: ReturnType<typeof caller>;
const ids = { base: 0, plot: 0 };
const v1 = (t: number, rest = '') => `/wfpe/v1/${t}/camera${rest}`;
const timing = (t: number, rest = '') => `/wfpe/v2/${t}/device/camera/timing${rest}`;
let serial = 0;
const make = async (): Promise<Camera> => {
  serial += 1;
  return h.ok<Camera>('admin', 'POST', v1(A), {
    name: `Cap ${serial}`,
    deviceSerial: `CAP${serial}`,
    cameraType: 1,
    cameraEnter: 5,
    areaId: ids.base,
    landId: ids.plot,
  });
};

beforeAll(async () => {
  s = await startTestServer();
  A = s.fixtures.tenantA;
  B = s.fixtures.tenantB;
  Object.assign(tokens, await signInRoles(s));
  h = caller(s, tokens);
  fake = await fakeProvider();
  registerCameraProvider(fake);
  ids.base = (
    await h.ok<{ areaId: number }>('admin', 'POST', `/wfpf/v1/${A}/area`, { areaName: 'Greenhouses' })
  ).areaId;
  ids.plot = (
    await h.ok<{ landId: number }>('admin', 'POST', `/wfpf/v1/${A}/land`, {
      areaId: ids.base,
      landName: 'House 1',
    })
  ).landId;
});
afterAll(async () => {
  await s?.close();
});

describe('slots', () => {
  it('places an instant in its slot inside the daily window, none outside', () => {
    const s1 = { startTime: '06:00', intervalMin: 30, durationMin: 120 };
    expect(slotAt(s1, new Date('2026-05-01T06:47:30Z'), 'UTC')?.toISOString()).toBe(
      '2026-05-01T06:30:00.000Z',
    );
    expect(slotAt(s1, new Date('2026-05-01T05:59:00Z'), 'UTC')).toBeNull();
    expect(slotAt(s1, new Date('2026-05-01T08:00:00Z'), 'UTC')).toBeNull();
    // Wall clock of the tenant: 06:10 in Shanghai is 22:10 UTC the day before.
    expect(slotAt(s1, new Date('2026-04-30T22:10:00Z'), 'Asia/Shanghai')?.toISOString()).toBe(
      '2026-04-30T22:00:00.000Z',
    );
  });
});

describe('capture schedules', () => {
  it('enforces interval ≥ 30 min and ≤ duration, naming the field', async () => {
    const cam = await make();
    const bad = async (payload: Record<string, unknown>, field: string) => {
      const e = await h.refused(400, 'admin', 'POST', timing(A), { cameraId: cam.id, ...payload });
      expect(e.message).toContain(field);
    };
    await bad({ intervalMin: 29, durationMin: 60 }, 'intervalMin');
    await bad({ intervalMin: 90, durationMin: 60 }, 'intervalMin');
    await bad({ intervalMin: 30, durationMin: 2000 }, 'durationMin');
    await bad({ intervalMin: 30, durationMin: 60, startTime: '25:00' }, 'startTime');
    await h.refused(403, 'viewer', 'POST', timing(A), { cameraId: cam.id, intervalMin: 30, durationMin: 60 });
  });

  it('captures once per slot into the plot’s seedling situation, going to the preset first', async () => {
    const cam = await make();
    await h.ok('admin', 'POST', v1(A, '/preset'), { cameraId: cam.id, index: 3, name: 'Rows' });
    const sched = await h.ok<CaptureSchedule>('admin', 'POST', timing(A), {
      cameraId: cam.id,
      intervalMin: 30,
      durationMin: 1440,
      startTime: '00:00',
      presetIndex: 3,
    });
    expect(sched).toMatchObject({ cameraName: cam.name, active: 1, lastSlotAt: null });
    const list = await h.ok<Page<CaptureSchedule>>('viewer', 'GET', timing(A, `/list?cameraId=${cam.id}`));
    expect(list.content.map((x) => x.id)).toEqual([sched.id]);

    const now = new Date();
    fake.calls.length = 0;
    const first = await runTimedCaptures(s.platform, now);
    expect(first.captured).toBeGreaterThanOrEqual(1);
    expect(fake.calls).toContain(`go ${cam.id} 3`);
    expect(fake.calls).toContain(`capture ${cam.id}`);
    // The same slot again (another pass, or another process): nothing more.
    fake.calls.length = 0;
    await runTimedCaptures(s.platform, new Date(now.getTime() + 1000));
    expect(fake.calls.filter((c) => c === `capture ${cam.id}`)).toHaveLength(0);

    const imgs = await h.ok<Page<SeedlingImage>>('viewer', 'GET', v1(A, `/img/seedling?cameraId=${cam.id}`));
    expect(imgs.totalElements).toBe(1);
    expect(imgs.content[0]).toMatchObject({ landId: ids.plot, landName: 'House 1', source: 'schedule' });
    expect((await h.call('admin', 'GET', imgs.content[0]?.fileUrl ?? '')).statusCode).toBe(200);
    const situation = await h.ok<{ landId: number; images: number; latest: SeedlingImage }[]>(
      'viewer',
      'GET',
      `/wfpe/v2/${A}/camera/seedling-situation?landId=${ids.plot}`,
    );
    expect(situation).toHaveLength(1);
    expect(situation[0]).toMatchObject({ landId: ids.plot, images: 1 });
    expect(situation[0]?.latest.id).toBe(imgs.content[0]?.id);

    // Next slot: one more still.
    await runTimedCaptures(s.platform, new Date(now.getTime() + 31 * 60_000));
    expect(
      (await h.ok<Page<SeedlingImage>>('viewer', 'GET', v1(A, `/img/seedling?cameraId=${cam.id}`)))
        .totalElements,
    ).toBe(2);

    // Another tenant sees none of it.
    const other = await h.ok<Page<SeedlingImage>>('adminB', 'GET', `/wfpe/v1/${B}/camera/img/seedling`);
    expect(other.totalElements).toBe(0);
  });

  it('skips inactive schedules and disabled or offline cameras; edits need the current version', async () => {
    const cam = await make();
    const sched = await h.ok<CaptureSchedule>('admin', 'POST', timing(A), {
      cameraId: cam.id,
      intervalMin: 30,
      durationMin: 1440,
      startTime: '00:00',
      active: 0,
    });
    fake.calls.length = 0;
    await runTimedCaptures(s.platform, new Date());
    expect(fake.calls).not.toContain(`capture ${cam.id}`);
    await h.refused(409, 'admin', 'PUT', timing(A), { ...sched, active: 1, objectVersionNumber: 9 });
    const on = await h.ok<CaptureSchedule>('admin', 'PUT', timing(A), { ...sched, active: 1 });
    expect(on.active).toBe(1);
    await h.ok('admin', 'POST', v1(A, `/${cam.id}/disable`), {});
    await runTimedCaptures(s.platform, new Date());
    expect(fake.calls).not.toContain(`capture ${cam.id}`);
    await h.refused(409, 'admin', 'DELETE', timing(A, `/${on.id}?objectVersionNumber=1`));
    await h.ok('admin', 'DELETE', timing(A, `/${on.id}`));
    await h.refused(404, 'admin', 'DELETE', timing(A, `/${on.id}`));
    await h.refused(404, 'adminB', 'DELETE', timing(B, `/${sched.id}`));
  });
});

describe('split-screen templates', () => {
  it("are each user's own: create, read, edit, delete", async () => {
    const c1 = await make();
    const c2 = await make();
    const t = await h.ok<SplitTemplate>('viewer', 'POST', v1(A, '/template'), {
      name: '2x2',
      layout: 4,
      cells: [
        { index: 0, cameraId: c1.id },
        { index: 1, cameraId: c2.id },
      ],
    });
    expect(t.cells).toHaveLength(2);
    expect((await h.ok<SplitTemplate[]>('viewer', 'GET', v1(A, '/template'))).map((x) => x.id)).toEqual([
      t.id,
    ]);
    expect(await h.ok<SplitTemplate>('viewer', 'GET', v1(A, `/${t.id}/split-screen`))).toMatchObject({
      layout: 4,
    });
    // Another user of the same tenant does not see it.
    await h.refused(404, 'admin', 'GET', v1(A, `/${t.id}/split-screen`));
    expect(
      (await h.refused(400, 'viewer', 'POST', v1(A, '/template'), { name: 'x', layout: 3 })).message,
    ).toContain('layout');
    expect(
      (
        await h.refused(400, 'viewer', 'POST', v1(A, '/template'), {
          name: 'x',
          layout: 1,
          cells: [{ index: 2, cameraId: c1.id }],
        })
      ).message,
    ).toContain('cells');
    await h.refused(404, 'viewer', 'POST', v1(A, '/template'), {
      name: 'x',
      layout: 1,
      cells: [{ index: 0, cameraId: 99999999 }],
    });
    const edited = await h.ok<SplitTemplate>('viewer', 'PUT', v1(A, '/template'), { ...t, layout: 9 });
    expect(edited.layout).toBe(9);
    await h.refused(409, 'viewer', 'PUT', v1(A, '/template'), { ...t, layout: 16 });
    await h.ok('viewer', 'DELETE', v1(A, `/template/${t.id}`));
    await h.refused(404, 'viewer', 'GET', v1(A, `/${t.id}/split-screen`));
  });
});

describe('camera data panel', () => {
  it('answers the camera with presets, schedules and its newest still', async () => {
    const cam = await make();
    await h.ok('admin', 'POST', v1(A, '/preset'), { cameraId: cam.id, name: 'Door' });
    await h.ok('admin', 'POST', timing(A), { cameraId: cam.id, intervalMin: 60, durationMin: 600 });
    const data = await h.ok<{
      camera: Camera;
      presets: unknown[];
      schedules: unknown[];
      latestImage: unknown;
    }>('viewer', 'GET', v1(A, `/${cam.id}/data`));
    expect(data.camera.id).toBe(cam.id);
    expect(data.presets).toHaveLength(1);
    expect(data.schedules).toHaveLength(1);
    expect(data.latestImage).toBeNull();
  });
});

describe('demo seed', () => {
  it('adds demo cameras over the plots, presets, a schedule and a 2×2 template', async () => {
    const adminId = s.fixtures.users.adminA.id;
    await seedCameras(s.platform.database, { demoTenant: A, secondTenant: B, users: { demo: adminId } });
    const page = await h.ok<Page<Camera>>(
      'admin',
      'GET',
      `/wfpe/v2/${A}/camera/page?deviceSerial=DEMO-CAM&size=0`,
    );
    expect(page.totalElements).toBe(5);
    expect(page.content.every((c) => c.provider === 'demo' && c.cameraEnter === 5 && c.landId !== null)).toBe(
      true,
    );
    const first = page.content.find((c) => c.deviceSerial === 'DEMO-CAM-01');
    expect((await h.ok<unknown[]>('admin', 'GET', v1(A, `/preset/${first?.id}/list`))).length).toBe(2);
    const templates = await h.ok<SplitTemplate[]>('admin', 'GET', v1(A, '/template'));
    expect(templates.find((t) => t.layout === 4)?.cells).toHaveLength(4);
  });
});
