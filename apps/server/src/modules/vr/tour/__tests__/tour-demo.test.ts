import type { Page } from '@tilth/contracts/common.types';
import type { Hotspot, PublicVr, Vr } from '@tilth/contracts/vr.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOUR_NAME, seedDemoTour } from '../index.js';
import { type TourHarness, tourHarness } from './tour-helpers.js';

let h: TourHarness;
beforeAll(async () => {
  h = await tourHarness();
  await h.area('番禺示范基地');
  await h.device('aerator', '1 号塘增氧机', { dissolvedOxygen: 6.8 });
  await h.camera('鱼塘增氧区');
});
afterAll(async () => {
  await h.s.close();
});

describe('the demo tour', () => {
  it('is built over the demo panoramas through the services, published, and seeded once', async () => {
    const id = await seedDemoTour(h.s.platform, h.tA, 'adminA');
    expect(id).toBeGreaterThan(0);
    expect(await seedDemoTour(h.s.platform, h.tA, 'adminA')).toBe(id);
    const list = await h.ok<Page<Vr>>('admin', 'GET', 'panorama-vr');
    expect(list.content.filter((v) => v.vrName === DEMO_TOUR_NAME).length).toBe(1);
    const vr = list.content.find((v) => v.vrId === id) as Vr;
    expect(vr).toMatchObject({ sceneCount: 2, area: [{ areaName: '番禺示范基地' }] });
    expect(vr.publicPath).toMatch(/^\/vr\//);
    const scenes = await h.scenes(vr.vrId);
    const spots = scenes.flatMap((s) => JSON.parse(s.hotSpotJson) as Hotspot[]);
    expect(spots.map((x) => x.HType).sort()).toEqual([1, 1, 2, 2, 3, 4, 5]);
    expect(spots.filter((x) => x.HType === 1).every((x) => typeof x.content.arriveHlookat === 'number')).toBe(
      true,
    );
    expect(spots.find((x) => x.HType === 3)?.content.images?.length).toBe(2);
    const token = vr.publicPath?.split('/').pop();
    const pub = await h.s.inject({ method: 'GET', url: `/wfpf/v1/public/${h.tA}/vr/${token}` });
    expect(pub.statusCode, pub.body).toBe(200);
    const body = pub.json() as PublicVr;
    const preview = await h.s.inject({ method: 'GET', url: body.scenes[0]?.previewUrl ?? '' });
    expect(preview.statusCode).toBe(200);
    const tile = await h.s.inject({ method: 'GET', url: `${body.scenes[0]?.images}/0/0_0.jpg` });
    expect(tile.statusCode).toBe(200);
  }, 120_000);
});
