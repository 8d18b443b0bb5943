import type { HotspotState, PublicVr, Scene, Vr } from '@tilth/contracts/vr.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setDemoLatest } from '../../../iot/device/index.js';
import { hs, type TourHarness, tourHarness } from './tour-helpers.js';

let h: TourHarness;
let vr: Vr;
let a: Scene;
let b: Scene;
let token = '';
let prefix = '';
let aeratorId = 0;
let valveId = 0;
let cameraId = 0;
let pic = '';
const pano: { id: number; assetKey: string }[] = [];
const devHs = hs(2, {});
const camHs = hs(2, {});
const albumHs = hs(3, {});

beforeAll(async () => {
  h = await tourHarness();
  pano.push(await h.panorama('稻田全景'), await h.panorama('鱼塘全景'), await h.panorama('不在 VR 里'));
  vr = await h.tour([pano[0]?.id ?? 0, pano[1]?.id ?? 0]);
  [a, b] = (await h.scenes(vr.vrId)) as [Scene, Scene];
  aeratorId = await h.device('aerator', '1 号增氧机', { dissolvedOxygen: 6.5, pump1: 1 });
  valveId = await h.device('electric-valve', '东区电磁阀', { valveOpen: 1 });
  cameraId = await h.camera('塘边摄像头');
  pic = await h.picture();
  const device = {
    deviceType: 'aerator_ii',
    concentratorId: aeratorId,
    name: '1 号增氧机',
    eui: 'EUI-SECRET',
  };
  devHs.content = { device, realName: '1 号增氧机' };
  camHs.content = {
    device: { deviceType: 'camera', id: cameraId, name: '塘边摄像头', deviceSerial: 'SER-SECRET' },
  };
  albumHs.content = { images: [pic] };
  albumHs.url = pic;
  const hotspots = [
    hs(1, { scenesId: b.scenesId, arriveHlookat: 45 }),
    devHs,
    camHs,
    albumHs,
    hs(4, { text: '介绍' }),
  ];
  const res = await h.call('admin', 'PUT', 'panorama-scenes', h.sceneSave(a, hotspots));
  expect(res.statusCode, res.body).toBe(200);
  const { publicPath } = await h.ok<{ publicPath: string }>(
    'admin',
    'POST',
    `panorama-vr/${vr.vrId}/publish`,
  );
  token = publicPath.split('/').pop() ?? '';
  prefix = `/wfpf/v1/public/${h.tA}/vr/${token}`;
});
afterAll(async () => {
  await h.s.close();
});

const get = (url: string) => h.s.inject({ method: 'GET', url, headers: { 'accept-language': 'en-US' } });

describe('the public link of a published tour (no sign-in)', () => {
  it('shows names, views and hotspots, with devices by type and name only and images under the link', async () => {
    const res = await get(prefix);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as PublicVr;
    expect(body).toMatchObject({ vrName: '示范农场 VR', description: '介绍', companyName: 'Farm A' });
    expect(body.scenes.map((s) => s.scenesId)).toEqual([a.scenesId, b.scenesId]);
    const text = res.body;
    for (const secret of ['EUI-SECRET', 'SER-SECRET', 'concentratorId', '"vrId"', 'panoramaId', '/hfle/'])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(new RegExp(`"id":${cameraId}\\b`));
    const hotspots = JSON.parse(body.scenes[0]?.hotSpotJson ?? '[]');
    expect(hotspots[1].content).toEqual({ device: { deviceType: 'aerator_ii', name: '1 号增氧机' } });
    expect(hotspots[2].content).toEqual({ device: { deviceType: 'camera', name: '塘边摄像头' } });
    // A picture icon is served through the link too.
    expect(hotspots[3].url).toMatch(new RegExp(`^${prefix}/image/[0-9a-f-]{36}$`));
    expect(hotspots[3].content.images[0]).toMatch(new RegExp(`^${prefix}/image/[0-9a-f-]{36}$`));
    for (const s of body.scenes) {
      for (const u of [s.previewUrl, s.thumbUrl, s.images])
        expect(u.startsWith(`${prefix}/panorama/`)).toBe(true);
    }
  });

  it('serves the preview, tiles and album pictures of the tour, and 404 for anything else', async () => {
    const s0 = (await get(prefix)).json() as PublicVr;
    const preview = await get(s0.scenes[0]?.previewUrl ?? '');
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/jpeg');
    expect((await get(`${s0.scenes[0]?.images}/0/0_0.jpg`)).statusCode).toBe(200);
    expect((await get(`${s0.scenes[0]?.images}/0/5_0.jpg`)).statusCode).toBe(404);
    // A panorama of the tenant that the tour does not show, even with its right key: 404.
    const other = pano[2];
    expect((await get(`${prefix}/panorama/${other?.id}/${other?.assetKey}/preview.jpg`)).statusCode).toBe(
      404,
    );
    // The tour's panorama under a wrong key: 404.
    const wrongKey = '00000000-0000-4000-8000-000000000000';
    expect((await get(`${prefix}/panorama/${pano[0]?.id}/${wrongKey}/preview.jpg`)).statusCode).toBe(404);
    const album = JSON.parse(s0.scenes[0]?.hotSpotJson ?? '[]')[3].content.images[0];
    const img = await get(album);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toMatch(/^image\//);
    // The cover and any other file of the tenant are not shown through the link.
    const coverId = vr.vrCover.split('/')[5];
    expect((await get(`${prefix}/image/${coverId}`)).statusCode).toBe(404);
    const another = (await h.picture()).split('/')[5];
    expect((await get(`${prefix}/image/${another}`)).statusCode).toBe(404);
  });

  it('shows a device hotspot live: a new telemetry value is read back at once; cameras online only', async () => {
    const url = `${prefix}/hotspot/${a.scenesId}/${devHs.name}`;
    const first = (await get(url)).json() as HotspotState;
    expect(first).toMatchObject({ name: '1 号增氧机', deviceType: 'aerator_ii' });
    expect(first.values.find((v) => v.key === 'dissolvedOxygen')?.value).toBe(6.5);
    await h.s.platform.database.withTenant(h.tA, (tx) =>
      setDemoLatest(tx, h.tA, aeratorId, { dissolvedOxygen: 7.25, pump1: 0 }, new Date(), 2),
    );
    const second = (await get(url)).json() as HotspotState;
    expect(second.values.find((v) => v.key === 'dissolvedOxygen')).toMatchObject({
      value: 7.25,
      unit: 'mg/L',
      label: 'Dissolved oxygen',
    });
    const zh = await h.s.inject({ method: 'GET', url, headers: { 'accept-language': 'zh-CN' } });
    expect((zh.json() as HotspotState).values.find((v) => v.key === 'dissolvedOxygen')?.label).toBe('溶解氧');
    const cam = (await get(`${prefix}/hotspot/${a.scenesId}/${camHs.name}`)).json() as HotspotState;
    expect(cam).toEqual({
      name: '塘边摄像头',
      deviceType: 'camera',
      online: true,
      values: [],
      latestAt: null,
    });
    expect(JSON.stringify(cam)).not.toContain('SER-SECRET');
  });

  it('answers 404 for a device not in the tour, another tenant, a wrong token, alike', async () => {
    const text = await get(`${prefix}/hotspot/${a.scenesId}/hs-nope`);
    expect(text.statusCode).toBe(404);
    // A hotspot that is not a device, and a scene of another tour of the tenant.
    const albumState = await get(`${prefix}/hotspot/${a.scenesId}/${albumHs.name}`);
    expect(albumState.statusCode).toBe(404);
    const other = await h.tour([pano[0]?.id ?? 0]);
    const [os] = await h.scenes(other.vrId);
    expect((await get(`${prefix}/hotspot/${os?.scenesId}/${devHs.name}`)).statusCode).toBe(404);
    expect(valveId).toBeGreaterThan(0);
    // Another tenant's token under this tenant's id, and this token under the other tenant's id.
    const pB = await h.panorama('B 全景', h.tB);
    const vrB = await h.tour([pB.id], {}, h.tB);
    const pubB = await h.ok<{ publicPath: string }>(
      'adminB',
      'POST',
      `panorama-vr/${vrB.vrId}/publish`,
      undefined,
      h.tB,
    );
    const tokenB = pubB.publicPath.split('/').pop();
    expect((await get(`/wfpf/v1/public/${h.tB}/vr/${tokenB}`)).statusCode).toBe(200);
    expect((await get(`/wfpf/v1/public/${h.tA}/vr/${tokenB}`)).statusCode).toBe(404);
    expect((await get(`/wfpf/v1/public/${h.tB}/vr/${token}`)).statusCode).toBe(404);
    const wrong = await get(`/wfpf/v1/public/${h.tA}/vr/${'x'.repeat(32)}`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual((await get(`/wfpf/v1/public/${h.tA}/vr/${tokenB}`)).json());
  });

  it('limits each client address: the 121st tour read in a minute answers 429', async () => {
    const from = (ip: string) => h.s.inject({ method: 'GET', url: prefix, remoteAddress: ip });
    for (let i = 0; i < 120; i += 1) expect((await from('10.9.9.9')).statusCode).toBe(200);
    expect((await from('10.9.9.9')).statusCode).toBe(429);
    // Another visitor is not held up.
    expect((await from('10.9.9.10')).statusCode).toBe(200);
  });

  it('once withdrawn, the tour, its images and its hotspots answer 404 at once', async () => {
    const s0 = (await get(prefix)).json() as PublicVr;
    await h.ok('admin', 'DELETE', `panorama-vr/${vr.vrId}/publish`);
    expect((await get(prefix)).statusCode).toBe(404);
    expect((await get(s0.scenes[0]?.previewUrl ?? '')).statusCode).toBe(404);
    expect((await get(`${prefix}/hotspot/${a.scenesId}/${devHs.name}`)).statusCode).toBe(404);
    const album = JSON.parse(s0.scenes[0]?.hotSpotJson ?? '[]')[3].content.images[0];
    expect((await get(album)).statusCode).toBe(404);
  });
});
