import type { Page } from '@tilth/contracts';
import type { Camera, CameraLive, CameraPreset } from '@tilth/contracts/camera.types';
import type { FarmLog } from '@tilth/contracts/farm-log.types';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, signInRoles, startTestServer, type TestServer } from '../../../../test/harness.js';
import { refreshOnline } from '../camera.jobs.js';
import { registerCameraProvider } from '../camera.providers.js';
import { cameraShares } from '../camera.tables.js';
import { caller, type FakeProvider, fakeProvider } from './camera-helpers.js';

let s: TestServer;
let A: number;
let B: number;
let fake: FakeProvider;
const tokens: Record<string, string> = {};
let h: ReturnType<typeof caller>;
const ids = { north: 0, south: 0, plotN: 0, plotN2: 0, plotS: 0, gateway: 0 };
const v1 = (t: number, rest = '') => `/wfpe/v1/${t}/camera${rest}`;
const v2 = (t: number, rest: string) => `/wfpe/v2/${t}${rest}`;
let serial = 0;
const make = async (extra: Record<string, unknown> = {}): Promise<Camera> => {
  serial += 1;
  return h.ok<Camera>('admin', 'POST', v1(A), {
    name: `Cam ${serial}`,
    deviceSerial: `SN${serial}`,
    cameraType: '0',
    cameraEnter: 5,
    provider: 'demo',
    areaId: ids.north,
    landId: ids.plotN,
    ...extra,
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
  ids.north = (
    await h.ok<{ areaId: number }>('admin', 'POST', `/wfpf/v1/${A}/area`, { areaName: 'North' })
  ).areaId;
  ids.south = (
    await h.ok<{ areaId: number }>('admin', 'POST', `/wfpf/v1/${A}/area`, { areaName: 'South' })
  ).areaId;
  const land = async (areaId: number, landName: string) =>
    (await h.ok<{ landId: number }>('admin', 'POST', `/wfpf/v1/${A}/land`, { areaId, landName })).landId;
  ids.plotN = await land(ids.north, 'N1');
  ids.plotN2 = await land(ids.north, 'N2');
  ids.plotS = await land(ids.south, 'S1');
  ids.gateway = (
    await h.ok<{ device: { id: number } }>('admin', 'POST', `/wfpe/v1/${A}/device`, {
      deviceType: 'gateway',
      eui: 'GW-CAM-1',
      name: 'Gateway',
      areaId: ids.north,
    })
  ).device.id;
});
afterAll(async () => {
  await s?.close();
});

describe('camera CRUD', () => {
  it('adds, reads, edits and deletes a camera, keeping secrets out of every answer', async () => {
    const cam = await make({ config: { rtspUrl: 'x', password: 'p4ss' }, verificationCode: 'ABCDEF' });
    expect(cam).toMatchObject({
      cameraEnter: 5,
      provider: 'demo',
      areaName: 'North',
      landName: 'N1',
      status: 1,
    });
    expect(cam.config).toEqual({ rtspUrl: 'x' });
    expect(cam.secretKeys).toEqual(['password']);
    expect(cam.hasVerificationCode).toBe(true);
    expect(JSON.stringify(cam)).not.toContain('p4ss');
    // A PUT accepts what the GET answers; the secret left out is kept.
    const got = await h.ok<Camera>('admin', 'GET', v1(A, `/${cam.id}`));
    const edited = await h.ok<Camera>('admin', 'PUT', v1(A), {
      ...got,
      name: 'Renamed',
      config: { rtspUrl: 'y' },
    });
    expect(edited).toMatchObject({ name: 'Renamed', config: { rtspUrl: 'y' }, secretKeys: ['password'] });
    expect(edited.objectVersionNumber).toBe(got.objectVersionNumber + 1);
    // Stale version: 409, nothing changed.
    await h.refused(409, 'admin', 'PUT', v1(A), { ...got, name: 'Stale' });
    expect((await h.ok<Camera>('admin', 'GET', v1(A, `/${cam.id}`))).name).toBe('Renamed');
    expect(await h.ok('admin', 'DELETE', v1(A, `/${cam.id}`))).toBe(1);
    await h.refused(404, 'admin', 'GET', v1(A, `/${cam.id}`));
  });

  it('refuses bad input naming the field', async () => {
    const bad = async (payload: Record<string, unknown>, field: string) => {
      const e = await h.refused(400, 'admin', 'POST', v1(A), {
        name: 'x',
        deviceSerial: 'BAD1',
        cameraType: 0,
        cameraEnter: 5,
        ...payload,
      });
      expect(e.message).toContain(field);
    };
    await bad({ name: '' }, 'name');
    await bad({ cameraType: 3 }, 'cameraType');
    await bad({ cameraEnter: 7 }, 'cameraEnter');
    await bad({ cameraEnter: 1, provider: 'demo' }, 'provider');
    await bad({ landId: ids.plotS, areaId: ids.north }, 'landId');
    await bad({ unknownKey: 1 }, 'unknownKey');
    const dup = await make();
    await h.refused(409, 'admin', 'POST', v1(A), {
      name: 'dup',
      deviceSerial: dup.deviceSerial,
      cameraType: 0,
      cameraEnter: 5,
    });
  });

  it("another tenant sees nothing of A's cameras", async () => {
    const cam = await make();
    await h.refused(404, 'adminB', 'GET', v1(B, `/${cam.id}`));
    await h.refused(404, 'adminB', 'POST', v1(B, `/${cam.id}`), { direction: 0 });
    await h.refused(404, 'adminB', 'POST', v1(B, '/live'), { cameraId: cam.id, protocol: 1 });
    const list = await h.ok<Page<Camera>>('adminB', 'GET', v1(B, '/tenant'));
    expect(list.content.map((c) => c.id)).not.toContain(cam.id);
  });

  it('lists by base (all, area page), tree, and the manager page with its filters', async () => {
    const ball = await make({ cameraType: 1, name: 'Ball north', areaId: ids.north, landId: ids.plotN2 });
    const cloud = await make({
      cameraEnter: 1,
      provider: undefined,
      name: 'Cloud south',
      areaId: ids.south,
      landId: ids.plotS,
    });
    expect(cloud.provider).toBe('ezviz');
    const all = await h.ok<Camera[]>('admin', 'GET', v1(A, `/${ids.north}/all`));
    expect(all.map((c) => c.id)).toContain(ball.id);
    expect(all.map((c) => c.id)).not.toContain(cloud.id);
    const area = await h.ok<Page<{ id: number; name: string; deviceSerial: string }>>(
      'admin',
      'GET',
      v1(A, `/${ids.north}/area?page=0&size=1&name=Ball`),
    );
    expect(area.content).toEqual([{ id: ball.id, name: 'Ball north', deviceSerial: ball.deviceSerial }]);
    const tree = await h.ok<{ lands: { landId: number; cameras: { id: number }[] }[] }>(
      'admin',
      'GET',
      v1(A, `/${ids.north}/tree`),
    );
    expect(tree.lands.find((l) => l.landId === ids.plotN2)?.cameras.map((c) => c.id)).toContain(ball.id);
    const page = (q: string) => h.ok<Page<Camera>>('admin', 'GET', v2(A, `/camera/page?relation=owner&${q}`));
    expect((await page('cameraType=1')).content.every((c) => c.cameraType === 1)).toBe(true);
    expect((await page('cameraEnter=1')).content.map((c) => c.id)).toEqual([cloud.id]);
    expect((await page('cameraEnter=0&cameraType=2&size=0')).totalElements).toBeGreaterThan(2);
    expect((await page(`deviceSerial=${cloud.deviceSerial}`)).content.map((c) => c.id)).toEqual([cloud.id]);
  });
});

describe('live, control, playback', () => {
  it('answers signed live URLs; control needs ps.control and answers 1 / 0', async () => {
    const cam = await make();
    const live = await h.ok<CameraLive>('viewer', 'POST', v1(A, '/live'), { cameraId: cam.id, protocol: 1 });
    expect(live).toMatchObject({
      deviceSerial: cam.deviceSerial,
      cameraName: cam.name,
      kind: 'mpegts',
      accessToken: null,
    });
    expect(live.url).toContain('sig=');
    expect(live.hdUrl).toContain('/hd.ts');
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const ptz = (who: string, body: string) => h.call(who, 'POST', v1(A, `/${cam.id}`), body, form);
    expect((await ptz('viewer', 'direction=2')).statusCode).toBe(403);
    const moved = await ptz('admin', 'direction=2');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toBe(1);
    expect((await ptz('admin', 'direction=-1')).json()).toBe(1);
    expect(fake.calls).toContain(`ptz ${cam.id} 2`);
    expect(fake.calls).toContain(`ptz ${cam.id} -1`);
    const bad = await ptz('admin', 'direction=12');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('direction');
    fake.offline = true;
    try {
      expect((await ptz('admin', 'direction=0')).json()).toBe(0);
      const e = await h.refused(409, 'admin', 'POST', v1(A, '/live'), { cameraId: cam.id });
      expect(e.code).toBe('wfpe.warn.camera.offline');
    } finally {
      fake.offline = false;
    }
  });

  it('a disabled camera answers wfpe.warn.camera.disable until enabled again', async () => {
    const cam = await make();
    const off = await h.ok<Camera>('admin', 'POST', v1(A, `/${cam.id}/disable`), {});
    expect(off.status).toBe(0);
    expect((await h.refused(403, 'admin', 'POST', v1(A, '/live'), { cameraId: cam.id })).code).toBe(
      'wfpe.warn.camera.disable',
    );
    expect((await h.refused(403, 'admin', 'POST', v1(A, `/img/${cam.id}/capture`))).code).toBe(
      'wfpe.warn.camera.disable',
    );
    await h.refused(409, 'admin', 'POST', v1(A, `/${cam.id}/disable`), { status: 1, objectVersionNumber: 1 });
    const on = await h.ok<Camera>('admin', 'POST', v1(A, `/${cam.id}/disable`), {
      status: 1,
      objectVersionNumber: off.objectVersionNumber,
    });
    expect(on.status).toBe(1);
    await h.ok('admin', 'POST', v1(A, '/live'), { cameraId: cam.id });
  });

  it('lists recordings and answers a playback URL; refuses a reversed or too long range', async () => {
    const cam = await make();
    const from = new Date(Date.now() - 600_000).toISOString();
    const to = new Date().toISOString();
    const rec = await h.ok<{ spans: unknown[] }>(
      'viewer',
      'GET',
      v1(A, `/${cam.id}/recordings?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`),
    );
    expect(rec.spans).toHaveLength(1);
    const pb = await h.ok<{ url: string; speed: number }>('viewer', 'POST', v1(A, `/${cam.id}/playback`), {
      from,
      to,
      speed: 2,
    });
    expect(pb).toMatchObject({ speed: 2 });
    expect(pb.url).toContain('speed=2');
    await h.refused(400, 'viewer', 'POST', v1(A, `/${cam.id}/playback`), { from: to, to: from });
    await h.refused(400, 'viewer', 'POST', v1(A, `/${cam.id}/playback`), { from, to, speed: 3 });
  });

  it('binds to a gateway of the tenant and unbinds', async () => {
    const cam = await make();
    const bound = await h.ok<Camera>('admin', 'POST', v1(A, `/${cam.id}/binding`), {
      contentratorId: ids.gateway,
    });
    expect(bound.concentratorId).toBe(ids.gateway);
    const e = await h.refused(400, 'admin', 'POST', v1(A, `/${cam.id}/binding`), { contentratorId: 999999 });
    expect(e.message).toContain('contentratorId');
    await h.refused(409, 'admin', 'POST', v1(A, `/${cam.id}/binding`), {
      contentratorId: null,
      objectVersionNumber: 1,
    });
    expect(
      (await h.ok<Camera>('admin', 'POST', v1(A, `/${cam.id}/binding`), { contentratorId: null }))
        .concentratorId,
    ).toBe(null);
  });
});

describe('presets and capture', () => {
  it('saves presets at the next free index, goes to one, deletes one', async () => {
    const cam = await make();
    const p1 = await h.ok<CameraPreset>('admin', 'POST', v1(A, '/preset'), {
      cameraId: cam.id,
      name: 'Gate',
    });
    const p2 = await h.ok<CameraPreset>('admin', 'POST', v1(A, '/preset'), {
      cameraId: cam.id,
      name: 'Pond',
    });
    expect([p1.index, p2.index]).toEqual([1, 2]);
    await h.refused(403, 'viewer', 'POST', v1(A, '/preset'), { cameraId: cam.id, name: 'x' });
    expect(
      (await h.ok<CameraPreset[]>('viewer', 'GET', v1(A, `/preset/${cam.id}/list`))).map((p) => p.name),
    ).toEqual(['Gate', 'Pond']);
    await h.ok('admin', 'POST', v1(A, `/preset/${p2.id}/transfer`));
    expect(fake.calls).toContain(`go ${cam.id} 2`);
    await h.refused(403, 'viewer', 'POST', v1(A, `/preset/${p2.id}/transfer`));
    await h.ok('admin', 'DELETE', v1(A, `/preset/${p1.id}/del`));
    expect(
      (await h.ok<CameraPreset[]>('admin', 'GET', v1(A, `/preset/${cam.id}/list`))).map((p) => p.index),
    ).toEqual([2]);
    await h.refused(404, 'adminB', 'POST', v1(B, `/preset/${p2.id}/transfer`));
    // A camera that was reset no longer holds the preset: the call says so instead of doing nothing.
    fake.held.clear();
    const lost = await h.refused(409, 'admin', 'POST', v1(A, `/preset/${p2.id}/transfer`));
    expect(lost.code).toBe('wfpe.warn.camera.presetLost');
  });

  it('captures a still as a tenant file and posts it as a camera log that shows in the farm log', async () => {
    const cam = await make();
    const still = await h.ok<{ fileUrl: string }>('viewer', 'POST', v1(A, `/img/${cam.id}/capture`));
    expect(still.fileUrl).toMatch(new RegExp(`^/hfle/v1/${A}/files/[0-9a-f-]{36}/file$`));
    const img = await h.call('admin', 'GET', still.fileUrl);
    expect(img.statusCode).toBe(200);
    const log = await h.ok<FarmLog>('admin', 'POST', `/wfpf/v1/${A}/log`, {
      logTitle: 'Leaf spots',
      description: 'Seen on the north plot',
      content: [still.fileUrl],
      areaId: ids.north,
      logType: 'image',
      logLevel: 'warn',
      cameraId: cam.id,
    });
    expect(log).toMatchObject({
      title: 'Leaf spots',
      level: 'warning',
      pictures: [still.fileUrl],
      source: 'camera',
      sourceId: cam.id,
    });
    const list = await h.ok<Page<FarmLog>>('admin', 'GET', `/wfpf/v1/${A}/log?source=camera`);
    expect(list.content.map((l) => l.logId)).toContain(log.logId);
    const bad = async (payload: Record<string, unknown>, field: string) => {
      const e = await h.refused(400, 'admin', 'POST', `/wfpf/v1/${A}/log`, {
        logTitle: 'x',
        logLevel: 'info',
        content: [still.fileUrl],
        ...payload,
      });
      expect(e.message).toContain(field);
    };
    await bad({ description: 'x'.repeat(181) }, 'description');
    await bad({ logLevel: undefined }, 'logLevel');
    await bad({ logLevel: 'fatal' }, 'logLevel');
    await bad({ logTitle: '' }, 'logTitle');
    // The farm log's own form still works as before.
    const own = await h.ok<FarmLog>('admin', 'POST', `/wfpf/v1/${A}/log`, {
      title: 'Manual',
      level: 'daily',
    });
    expect(own.source).toBe('manual');
    await h.refused(400, 'admin', 'POST', `/wfpf/v1/${A}/log`, { title: 'Mixed', logLevel: 'info' });
  });
});

describe('sharing', () => {
  it('shares view-only to another tenant until expiry, which takes effect at once', async () => {
    const cam = await make({ name: 'Shared one' });
    await h.refused(403, 'viewer', 'POST', v1(A, '/save-share'), {
      cameraId: cam.id,
      toTenantId: B,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await h.refused(400, 'admin', 'POST', v1(A, '/save-share'), {
      cameraId: cam.id,
      toTenantId: B,
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(
      (
        await h.refused(400, 'admin', 'POST', v1(A, '/save-share'), {
          cameraId: cam.id,
          expiresAt: new Date(Date.now() + 1000).toISOString(),
        })
      ).message,
    ).toContain('toTenantId');
    const share = await h.ok<{ id: number; toTenantId: number }>('admin', 'POST', v1(A, '/save-share'), {
      cameraId: cam.id,
      toTenantId: B,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(share.toTenantId).toBe(B);
    expect(await h.ok('admin', 'GET', v1(A, `/${cam.id}/share`))).toMatchObject({
      isShare: 1,
      activeShares: 1,
    });
    expect((await h.ok<unknown[]>('admin', 'GET', v1(A, `/${cam.id}/shares`))).length).toBe(1);

    const shared = await h.ok<Page<Camera>>('adminB', 'GET', v1(B, '/tenant?relation=share'));
    const seen = shared.content.find((c) => c.id === cam.id);
    expect(seen).toMatchObject({ relation: 'share', name: 'Shared one', areaId: null, config: {} });
    const own = await h.ok<Page<Camera>>('adminB', 'GET', v1(B, '/tenant?relation=owner'));
    expect(own.content.map((c) => c.id)).not.toContain(cam.id);
    await h.ok('adminB', 'POST', v1(B, '/live'), { cameraId: cam.id, protocol: 1 });
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const ptz = await h.call('adminB', 'POST', v1(B, `/${cam.id}`), 'direction=1', form);
    expect(ptz.statusCode).toBe(403);
    expect(ptz.json()).toMatchObject({ code: 'wfpe.warn.camera.viewOnly' });
    const got = await h.ok<Camera>('adminB', 'GET', v1(B, `/${cam.id}`));
    await h.refused(403, 'adminB', 'PUT', v1(B), { ...got, name: 'Taken' });
    await h.refused(403, 'adminB', 'DELETE', v1(B, `/${cam.id}`));
    await h.refused(404, 'adminB', 'POST', v2(B, '/camera/batch/del'), [cam.id]);
    await h.refused(403, 'adminB', 'POST', v1(B, `/img/${cam.id}/capture`));

    // The share runs out: B loses the camera at once.
    await s.platform.database.withTenant(A, (tx) =>
      tx
        .update(cameraShares)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(cameraShares.id, share.id)),
    );
    await h.refused(404, 'adminB', 'POST', v1(B, '/live'), { cameraId: cam.id });
    const after = await h.ok<Page<Camera>>('adminB', 'GET', v1(B, '/tenant'));
    expect(after.content.map((c) => c.id)).not.toContain(cam.id);
    expect(await h.ok('admin', 'GET', v1(A, `/${cam.id}/share`))).toMatchObject({ activeShares: 0 });
  });

  it('shares to one user of another tenant; a user who is not a member there is refused', async () => {
    const cam = await make({ name: 'For one user' });
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const e = await h.refused(400, 'admin', 'POST', v1(A, '/save-share'), {
      cameraId: cam.id,
      toUserId: s.fixtures.users.adminB.id,
      expiresAt: later,
    });
    expect(e.message).toContain('toTenantId');
    await h.ok('admin', 'POST', v1(A, '/save-share'), {
      cameraId: cam.id,
      toTenantId: B,
      toUserId: s.fixtures.users.adminB.id,
      expiresAt: later,
    });
    const seen = await h.ok<Page<Camera>>('adminB', 'GET', v1(B, '/tenant?relation=share&size=0'));
    expect(seen.content.map((c) => c.id)).toContain(cam.id);
  });

  it('a revoked share ends at once', async () => {
    const cam = await make();
    const share = await h.ok<{ id: number }>('admin', 'POST', v1(A, '/save-share'), {
      cameraId: cam.id,
      toTenantId: B,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await h.ok('adminB', 'GET', v1(B, `/${cam.id}`));
    await h.ok('admin', 'DELETE', v1(A, `/shares/${share.id}`));
    await h.refused(404, 'adminB', 'GET', v1(B, `/${cam.id}`));
  });
});

describe('online state', () => {
  it("follows the provider's answer without changing the camera's version", async () => {
    const cam = await make();
    await refreshOnline(s.platform);
    const on = await h.ok<Camera>('admin', 'GET', v1(A, `/${cam.id}`));
    expect(on.online).toBe(1);
    expect(on.objectVersionNumber).toBe(cam.objectVersionNumber);
    fake.offline = true;
    try {
      await refreshOnline(s.platform);
    } finally {
      fake.offline = false;
    }
    expect((await h.ok<Camera>('admin', 'GET', v1(A, `/${cam.id}`))).online).toBe(0);
  });
});

describe('camera manager bulk actions', () => {
  it('transfers with base and plot required, then batch-deletes all or nothing', async () => {
    const c1 = await make();
    const c2 = await make();
    const t = (body: Record<string, unknown>) => h.call('admin', 'POST', v2(A, '/camera/transfer'), body);
    const noBase = await t({ ids: [c1.id, c2.id], landId: ids.plotS });
    expect(noBase.statusCode).toBe(400);
    expect(noBase.json().message).toContain('Please select base');
    const noLand = await t({ ids: [c1.id, c2.id], areaId: ids.south });
    expect(noLand.json().message).toContain('Please select land');
    expect((await t({ ids: [c1.id], areaId: ids.north, landId: ids.plotS })).statusCode).toBe(400);
    expect((await t({ ids: [c1.id, c2.id], areaId: ids.south, landId: ids.plotS })).json()).toBe(1);
    const moved = await h.ok<Camera>('admin', 'GET', v1(A, `/${c1.id}`));
    expect(moved).toMatchObject({ areaId: ids.south, landId: ids.plotS, areaName: 'South' });
    await h.refused(403, 'operator', 'POST', v2(A, '/camera/batch/del'), [c1.id]);
    await h.refused(404, 'admin', 'POST', v2(A, '/camera/batch/del'), [c1.id, 99999999]);
    await h.ok('admin', 'GET', v1(A, `/${c1.id}`));
    expect(await h.ok('admin', 'POST', v2(A, '/camera/batch/del'), [c1.id, c2.id])).toBe(1);
    await h.refused(404, 'admin', 'GET', v1(A, `/${c2.id}`));
    await h.refused(400, 'admin', 'POST', v2(A, '/camera/batch/del'), []);
  });

  it("a member limited to one base sees that base's cameras only", async () => {
    const inNorth = await make({ areaId: ids.north, landId: ids.plotN });
    const inSouth = await make({ areaId: ids.south, landId: ids.plotS });
    const role = await h.ok<{ id: number }>('admin', 'POST', `/iam/v1/${A}/roles`, {
      code: 'north-cams',
      nameZh: '北区摄像头',
      nameEn: 'North cameras',
      permissions: ['wfpf.farm.equipment.camera', 'wfpf.farm.equipment.camera.ps.control'],
      dataScope: 'bases',
      baseIds: [ids.north],
    });
    await h.ok('admin', 'POST', `/iam/v1/${A}/users`, {
      realName: 'North watcher',
      phone: '13800000991',
      password: 'Start123',
      roleIds: [role.id],
    });
    tokens.north = await login(s, '13800000991', 'Start123');
    const seen = await h.ok<Page<Camera>>('north', 'GET', v1(A, '/tenant?size=0'));
    expect(seen.content.map((c) => c.id)).toContain(inNorth.id);
    expect(seen.content.map((c) => c.id)).not.toContain(inSouth.id);
    await h.refused(404, 'north', 'POST', v1(A, '/live'), { cameraId: inSouth.id });
    await h.ok('north', 'POST', v1(A, '/live'), { cameraId: inNorth.id });
  });
});
