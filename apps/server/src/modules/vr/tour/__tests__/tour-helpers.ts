import { Readable } from 'node:stream';
import type { Hotspot, Scene, Vr } from '@tilth/contracts/vr.types';
import { VISUAL_DEFAULT } from '@tilth/contracts/vr.types';
import sharp from 'sharp';
import { expect } from 'vitest';
import {
  json,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
  uploadFile,
} from '../../../../test/harness.js';
import { roleCalls } from '../../../../test/role-calls.js';
import { cameras } from '../../../iot/camera/index.js';
import { insertDemoDevices } from '../../../iot/device/index.js';
import { panoramas } from '../../panorama/index.js';

type Who = keyof RoleTokens;
export type Lang = 'en-US' | 'zh-CN';

const TILES = {
  tileSize: 512,
  width: 4096,
  height: 2048,
  levels: [
    { width: 1024, height: 512, cols: 2, rows: 1 },
    { width: 4096, height: 2048, cols: 8, rows: 4 },
  ],
};

/** A test server with tenant A's and B's tokens and short-hands for the tour calls (English by default). */
export const tourHarness = async () => {
  const s: TestServer = await startTestServer();
  const tok = await signInRoles(s);
  const tA = s.fixtures.tenantA;
  const tB = s.fixtures.tenantB;
  const { call, ok, refused } = roleCalls(s, tok, '', tA);
  const area = async (areaName: string, tenant = tA) =>
    (await ok<{ areaId: number }>(tenant === tA ? 'admin' : 'adminB', 'POST', 'area', { areaName }, tenant))
      .areaId;

  /** A processed panorama row (the library's job is the panorama helper's; its made preview is put too). */
  const panorama = async (name: string, tenant = tA, status = 'ready', enabledFlag = 1) =>
    s.platform.database.withTenant(tenant, async (tx) => {
      const [r] = await tx
        .insert(panoramas)
        .values({
          tenantId: tenant,
          name,
          status,
          progress: status === 'ready' ? 100 : 10,
          width: 4096,
          height: 2048,
          fileSize: 8 * 1024 * 1024,
          contentType: 'image/jpeg',
          storageKey: `test/${name}`,
          tiles: status === 'ready' ? TILES : null,
          enabledFlag,
        })
        .returning();
      if (!r) throw new Error('no panorama');
      const jpeg = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#4a7' } })
        .jpeg()
        .toBuffer();
      await s.platform.storage.put(`panorama/${tenant}/${r.assetKey}/preview.jpg`, Readable.from(jpeg));
      await s.platform.storage.put(`panorama/${tenant}/${r.assetKey}/tiles/0/0_0.jpg`, Readable.from(jpeg));
      return { id: r.id, assetKey: r.assetKey };
    });

  /** Uploads a small JPEG as `who` and answers its file URL. */
  const picture = async (who: Who = 'admin', tenant = tA, colour = '#3a7') => {
    const jpg = await sharp({ create: { width: 16, height: 16, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();
    const res = await uploadFile(s, tok[who], tenant, 'pic.jpg', jpg);
    expect(res.statusCode, res.body).toBe(200);
    return json<{ fileUrl: string }>(res).fileUrl;
  };

  /** A device of a registry type in `tenant` (as the fleet seeding writes them), with latest values. */
  const device = async (typeKey: string, name: string, latest: Record<string, number> = {}, tenant = tA) =>
    s.platform.database.withTenant(tenant, async (tx) => {
      const eui = `${typeKey}-${name}-${Math.random().toString(16).slice(2, 10)}`;
      const ids = await insertDemoDevices(tx, tenant, [
        {
          typeKey,
          name,
          eui,
          iccid: null,
          areaId: null,
          landId: null,
          lat: null,
          lng: null,
          parentId: null,
          config: {},
          description: null,
          latest,
          latestAt: new Date(),
          secretHash: 'x',
        },
      ]);
      return ids.get(eui) ?? 0;
    });

  const camera = async (name: string, tenant = tA) =>
    s.platform.database.withTenant(tenant, async (tx) => {
      const [r] = await tx
        .insert(cameras)
        .values({ tenantId: tenant, name, deviceSerial: `SER-${name}`, provider: 'demo', online: 1 })
        .returning({ id: cameras.id });
      return r?.id ?? 0;
    });

  /** A tour with scenes of `panoramaIds` made through the API by tenant A's administrator. */
  const tour = async (panoramaIds: number[], extra: Record<string, unknown> = {}, tenant = tA) => {
    const who: Who = tenant === tA ? 'admin' : 'adminB';
    const baseId = await area(`基地 ${Math.random().toString(36).slice(2, 8)}`, tenant);
    const cover = await picture(who, tenant);
    return ok<Vr>(
      who,
      'POST',
      'panorama-vr',
      { vrName: '示范农场 VR', vrCover: cover, description: '介绍', areaId: [baseId], panoramaIds, ...extra },
      tenant,
    );
  };
  const scenes = (vrId: number, tenant = tA) =>
    ok<Scene[]>(tenant === tA ? 'admin' : 'adminB', 'GET', `panorama-scenes?vrId=${vrId}`, undefined, tenant);

  /** The PUT body saving `scene` with these hotspots (and view). */
  const sceneSave = (scene: Scene, hotspots: unknown[], view: unknown = VISUAL_DEFAULT) => ({
    scenesId: scene.scenesId,
    vrId: scene.vrId,
    panoramaId: scene.panoramaId,
    scenesName: scene.scenesName,
    scenesCover: scene.scenesCover,
    visualJson: typeof view === 'string' ? view : JSON.stringify(view),
    hotSpotJson: JSON.stringify(hotspots),
    objectVersionNumber: scene.objectVersionNumber,
    accessToken: 'ignored',
  });

  return {
    s,
    tok,
    tA,
    tB,
    call,
    ok,
    refused,
    area,
    panorama,
    picture,
    device,
    camera,
    tour,
    scenes,
    sceneSave,
  };
};
export type TourHarness = Awaited<ReturnType<typeof tourHarness>>;

let n = 0;
/** A hotspot of type `HType` with `content`, defaults as the editor makes them. */
export const hs = (HType: number, content: Record<string, unknown>, extra: Partial<Hotspot> = {}) => {
  n += 1;
  return {
    name: `hs-${n}`,
    width: '50',
    height: '50',
    atv: 0,
    ath: 10,
    url: 'arrow',
    style: 'front',
    HType,
    content,
    text: `热点 ${n}`,
    ...extra,
  };
};
