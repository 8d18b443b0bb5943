import type { Banner, Picture, PictureUploadAnswer, PublicBanner } from '@tilth/contracts/media.types';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';

// Banners through their routes: link and window validation, placement and order, the signed-out call
// answering only enabled in-window banners of that tenant and placement, their pictures served only while
// live, and a banner's picture refused deletion in the library.

let s: TestServer;
let tok: RoleTokens;
let A: number;
let B: number;
const en = { 'accept-language': 'en-US' };
const url = (t: number, rest = '') => `/wfpf/v1/${t}/content/banners${rest}`;
const pub = (t: number, placement: string) => `/wfpf/v1/public/${t}/banners?placement=${placement}`;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, token = tok.admin) =>
  s.inject({
    method,
    url: path,
    headers: { ...auth(token), ...en },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
const anon = (path: string) => s.inject({ method: 'GET', url: path, headers: en });

const picture = async (t: number, token: string, name: string): Promise<Picture> => {
  const bytes = await sharp({ create: { width: 1200, height: 400, channels: 3, background: '#4a8' } })
    .jpeg()
    .toBuffer();
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await s.inject({
    method: 'POST',
    url: `/wfpf/v1/${t}/content/pictures/multipart`,
    headers: { ...auth(token), ...en },
    payload: fd,
  });
  return (res.json() as PictureUploadAnswer).items[0]?.picture as Picture;
};

const hour = 3600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
let pic: Picture;

beforeAll(async () => {
  s = await startTestServer({});
  tok = await signInRoles(s);
  A = s.fixtures.tenantA;
  B = s.fixtures.tenantB;
  pic = await picture(A, tok.admin, 'spring.jpg');
}, 60_000);
afterAll(async () => s?.close());

describe('banner rules', () => {
  it('refuses a script or protocol-relative link, a window ending before it starts, and a picture of another tenant', async () => {
    const base = { pictureId: pic.pictureId, title: 'Spring', placement: 'login' };
    for (const linkUrl of [
      'javascript:alert(1)',
      '//evil.example/x',
      'ftp://x.example',
      'data:text/html,x',
    ]) {
      const res = await call('POST', url(A), { ...base, linkUrl });
      expect(res.statusCode, linkUrl).toBe(400);
      expect(res.json().message).toContain('linkUrl');
    }
    const window = await call('POST', url(A), { ...base, startAt: iso(hour), endAt: iso(-hour) });
    expect(window.statusCode).toBe(400);
    expect(window.json().message).toContain('endAt');
    const foreign = await call('POST', url(B), base, tok.adminB);
    expect(foreign.statusCode).toBe(404);
    const list = (await call('GET', url(A))).json() as { totalElements: number };
    expect(list.totalElements).toBe(0);
  });

  it('keeps a placement in order, moves with up/down ordering, and goes stale on an old version', async () => {
    const mk = async (title: string, linkUrl?: string) =>
      (
        await call('POST', url(A), { pictureId: pic.pictureId, title, placement: 'home', linkUrl })
      ).json() as Banner;
    const one = await mk('One', 'https://example.org/a?b=c');
    const two = await mk('Two', '/web/farm/home');
    expect([one.sortOrder, two.sortOrder]).toEqual([0, 1]);
    expect([one.linkUrl, two.linkUrl]).toEqual(['https://example.org/a?b=c', '/web/farm/home']);
    const ordered = (
      await call('PUT', url(A, '/order'), { placement: 'home', bannerIds: [two.bannerId, one.bannerId] })
    ).json() as Banner[];
    expect(ordered.map((b) => b.title)).toEqual(['Two', 'One']);
    const partial = await call('PUT', url(A, '/order'), { placement: 'home', bannerIds: [two.bannerId] });
    expect(partial.statusCode).toBe(400);
    // The reorder moved the version: the form's old one is stale.
    const stale = await call('PUT', url(A), { ...one, title: 'Uno', objectVersionNumber: 1 });
    expect(stale.statusCode).toBe(409);
    const fresh = ordered.find((b) => b.bannerId === one.bannerId) as Banner;
    const saved = await call('PUT', url(A), {
      bannerId: fresh.bannerId,
      pictureId: pic.pictureId,
      title: 'Uno',
      placement: 'home',
      linkUrl: fresh.linkUrl,
      objectVersionNumber: fresh.objectVersionNumber,
    });
    expect(saved.json()).toMatchObject({ title: 'Uno', sortOrder: 1 });
    for (const b of [one, two]) expect((await call('DELETE', url(A, `/${b.bannerId}`))).statusCode).toBe(200);
  });
});

describe('the signed-out call', () => {
  it('answers only enabled, in-window banners of that placement and tenant, and serves only their pictures', async () => {
    const mk = async (title: string, extra: Record<string, unknown>) =>
      (
        await call('POST', url(A), { pictureId: pic.pictureId, title, placement: 'login', ...extra })
      ).json() as Banner;
    const now = await mk('Now', { startAt: iso(-hour), endAt: iso(hour) });
    const always = await mk('Always', {});
    const future = await mk('Future', { startAt: iso(hour) });
    const past = await mk('Past', { endAt: iso(-1000) });
    const off = await mk('Off', { enabledFlag: 0 });
    await call('POST', url(A), { pictureId: pic.pictureId, title: 'Home one', placement: 'home' });
    expect([now.live, always.live, future.live, past.live, off.live]).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);

    const res = await anon(pub(A, 'login'));
    expect(res.statusCode).toBe(200);
    const live = res.json() as PublicBanner[];
    expect(live.map((b) => b.title)).toEqual(['Now', 'Always']);
    expect(live[0]).toEqual({
      bannerId: now.bannerId,
      title: 'Now',
      linkUrl: null,
      imageUrl: `/wfpf/v1/public/${A}/banners/${now.bannerId}/image`,
      width: 1200,
      height: 400,
    });
    // The picture, read back, is the uploaded 1200×400 JPEG.
    const img = await anon(live[0]?.imageUrl ?? '');
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(img.rawPayload).metadata()).width).toBe(1200);
    for (const hidden of [future, past, off])
      expect((await anon(`/wfpf/v1/public/${A}/banners/${hidden.bannerId}/image`)).statusCode).toBe(404);
    // Tenant B's call shows none of A's banners, nor A's pictures through B's path.
    expect((await anon(pub(B, 'login'))).json()).toEqual([]);
    expect((await anon(`/wfpf/v1/public/${B}/banners/${now.bannerId}/image`)).statusCode).toBe(404);
    expect((await anon(pub(A, 'sidebar'))).statusCode).toBe(400);

    // The library names the banners when asked to delete their picture.
    const del = await call('DELETE', `/wfpf/v1/${A}/content/pictures/${pic.pictureId}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toContain('banner "Now"');
  });

  it('the console list needs the banner page code', async () => {
    expect((await call('GET', url(A), undefined, tok.viewer)).statusCode).toBe(403);
    expect(
      (await call('POST', url(A), { pictureId: pic.pictureId, title: 'x', placement: 'news' }, tok.operator))
        .statusCode,
    ).toBe(403);
  });
});
