import type { Page } from '@tilth/contracts';
import type { Picture, PictureFolder, PromoVideo, PublicBanner } from '@tilth/contracts/media.types';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, login, startTestServer, type TestServer } from '../../../../test/harness.js';
import { seedDemoMedia } from '../index.js';

// The demo media: the folder tree with its eight drawn pictures, two live banners per placement whose
// pictures load signed out, and the promo video whose poster the runner makes. Seeding twice adds nothing.

let s: TestServer;
let token: string;
let A: number;
const get = (p: string, t = token) => s.inject({ method: 'GET', url: p, headers: auth(t) });

beforeAll(async () => {
  s = await startTestServer({});
  A = s.fixtures.tenantA;
  token = await login(s, 'adminA');
}, 60_000);
afterAll(async () => s?.close());

describe('demo media', () => {
  it('seeds folders, pictures, banners per placement and a ready promo video, once', async () => {
    await seedDemoMedia(s.platform, A);
    await seedDemoMedia(s.platform, A);
    const folders = (await get(`/wfpf/v1/${A}/content/picture-folders`)).json() as PictureFolder[];
    expect(folders.map((f) => f.folderName).sort()).toEqual(['农场风光', '大田', '水产', '温室'].sort());
    const pictures = (await get(`/wfpf/v1/${A}/content/pictures?size=0`)).json() as Page<Picture>;
    expect(pictures.totalElements).toBe(8);
    const thumb = await get(pictures.content[0]?.thumbUrl ?? '');
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('jpeg');
    for (const placement of ['login', 'home', 'news']) {
      const live = (
        await s.inject({ method: 'GET', url: `/wfpf/v1/public/${A}/banners?placement=${placement}` })
      ).json() as PublicBanner[];
      expect(live).toHaveLength(2);
      const img = await s.inject({ method: 'GET', url: live[0]?.imageUrl ?? '' });
      expect(img.statusCode).toBe(200);
    }
    let video: PromoVideo | undefined;
    for (let i = 0; i < 100; i += 1) {
      video = ((await get(`/wfpf/v1/${A}/content/videos`)).json() as Page<PromoVideo>).content[0];
      if (video?.status !== 'processing') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(video).toMatchObject({ status: 'ready', width: 640, height: 360, durationMs: 5000 });
    const poster = await get(video?.posterUrl ?? '');
    expect((await sharp(poster.rawPayload).metadata()).width).toBe(640);
  }, 60_000);
});
