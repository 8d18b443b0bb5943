import type { NewsDetail, NewsList } from '@tilth/contracts/news.types';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, login, uploadFile } from '../../../../test/harness.js';
import { type NewsHarness, newsHarness } from './news-helpers.js';

// The pictures of a live article are served signed out through the article, and nothing else is.

let h: NewsHarness;
let cover = '';
let body = '';
let other = '';
let liveId = 0;
let draftId = 0;

const upload = async (colour: string, name: string) => {
  const jpg = await sharp({ create: { width: 320, height: 180, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  const res = await uploadFile(h.s, await login(h.s, 'adminA'), h.tA, name, jpg);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ fileUrl: string }>(res).fileUrl;
};

beforeAll(async () => {
  h = await newsHarness();
  cover = await upload('#2e7d32', 'cover.jpg');
  body = await upload('#c62828', 'body.jpg');
  other = await upload('#1565c0', 'other.jpg');
  const content = `<p>看图</p><p><img src="${body}" alt="病斑"></p><p>外链 <img src="https://example.com/x.png"></p>`;
  liveId = await h.article(h.tA, { title: '有图', content, coverPicture: cover });
  draftId = await h.article(h.tA, { title: '草稿有图', status: 'draft', content: `<img src="${other}">` });
});
afterAll(async () => {
  await h.s.close();
});

const idOf = (url: string) => /files\/([0-9a-f-]{36})\//.exec(url)?.[1] ?? '';

describe('news pictures', () => {
  it('answers cover and body pictures under the article, and serves them signed out as images', async () => {
    const l = await h.list(null, 'valueType=2');
    const item = l.list.find((i) => i.consultId === liveId);
    const prefix = `/wfpf/v1/public/${h.tA}/news/${liveId}/image/`;
    expect(item?.coverPicture).toBe(`${prefix}${idOf(cover)}?width=1600`);
    const d: NewsDetail = await h.detail(null, liveId);
    expect(d.content).toContain(`src="${prefix}${idOf(body)}?width=1600"`);
    // An outside address is left as the sanitiser kept it; nothing points at /hfle/ any more.
    expect(d.content).toContain('https://example.com/x.png');
    expect(d.content).not.toContain('/hfle/');
    for (const url of [item?.coverPicture ?? '', `${prefix}${idOf(body)}?width=64`]) {
      const res = await h.s.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\//);
      // Served back like every stored file: never sniffed into something else, never a page.
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(String(res.headers['content-security-policy'])).toMatch(/default-src 'none'.*sandbox/);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.width).toBeGreaterThan(0);
    }
  });

  it("serves no other file: not one the article does not show, not a draft article's, not under another tenant", async () => {
    const get = (url: string) => h.s.inject({ method: 'GET', url });
    expect((await get(`/wfpf/v1/public/${h.tA}/news/${liveId}/image/${idOf(other)}`)).statusCode).toBe(404);
    expect((await get(`/wfpf/v1/public/${h.tA}/news/${draftId}/image/${idOf(other)}`)).statusCode).toBe(404);
    expect((await get(`/wfpf/v1/public/${h.tB}/news/${liveId}/image/${idOf(cover)}`)).statusCode).toBe(404);
    expect((await get(`/wfpf/v1/public/${h.tA}/news/${liveId}/image/not-a-uuid`)).statusCode).toBe(400);
    // The signed-in list answers the same public addresses (a plain <img> shows them).
    const signed = json<NewsList>(await h.signedIn('viewerA', '?valueType=2'));
    expect(signed.list.find((i) => i.consultId === liveId)?.coverPicture).toContain('/image/');
  });
});
