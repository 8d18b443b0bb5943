import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Page } from '@tilth/contracts';
import type { Panorama } from '@tilth/contracts/panorama.types';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../../platform/db/rows.js';
import { STORED_FILE_CSP } from '../../../../platform/http/serve-file.js';
import type { JobLog } from '../../../../platform/jobs.js';
import {
  auth,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { panoramaRefs, seedDemoPanoramas } from '../index.js';
import { assetPrefix } from '../panorama.assets.js';
import {
  PANORAMA_SCRATCH_MAX_AGE_MS,
  PANORAMA_STALE_MS,
  PanoramaRunner,
  panoramaTempDir,
  sweepPanoramaScratch,
} from '../panorama.jobs.js';
import { insertPanorama, type PanoramaRow } from '../panorama.repository.js';

// The panorama library through its routes: a real upload tiled to ready and served, the refusals with
// their messages, paging and filters, stale versions, deletes refused while a scene uses a panorama, other
// tenants, and a row whose runner died being finished by a new one.

let s: TestServer;
let tok: RoleTokens;
let A: number;
let B: number;
const url = (t: number, rest = '') => `/wfpf/v1/${t}/panorama${rest}`;
const en = { 'accept-language': 'en-US' };

/** A 2:1 JPEG (gradient with a little noise, so it is not trivially small). */
const panoramaJpeg = (width: number, opts: { height?: number; png?: boolean } = {}) => {
  const img = sharp({
    create: {
      width,
      height: opts.height ?? width / 2,
      channels: 3,
      background: { r: 90, g: 140, b: 200 },
      noise: { type: 'gaussian', mean: 120, sigma: 12 },
    },
  });
  return (opts.png ? img.png() : img.jpeg({ quality: 80 })).toBuffer();
};

const upload = (t: number, token: string, name: string, bytes: Buffer, lang = en) => {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(bytes)]), name);
  return s.inject({
    method: 'POST',
    url: url(t, '/multipart'),
    headers: { ...auth(token), ...lang },
    payload: fd,
  });
};

const get = (path: string, token = tok.admin) =>
  s.inject({ method: 'GET', url: path, headers: { ...auth(token), ...en } });

const waitDone = async (id: number): Promise<Panorama> => {
  for (let i = 0; i < 300; i += 1) {
    const p = (await get(url(A, `/${id}`))).json() as Panorama;
    if (p.status !== 'processing') return p;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('still processing');
};

/** A panorama row without images (paging, filters, versions, deletes). */
const row = (t: number, name: string, enabledFlag = 1) =>
  s.platform.database.withTenant(t, async (tx) => {
    const r = await insertPanorama(tx, t, null, {
      name,
      width: 2048,
      height: 1024,
      fileSize: 8_000_000,
      contentType: 'image/jpeg',
      storageKey: `panorama/${t}/none/original.jpg`,
      assetKey: crypto.randomUUID(),
    });
    await tx.execute(
      sql`update panoramas set status = 'ready', enabled_flag = ${enabledFlag} where id = ${r.id}`,
    );
    return r.id;
  });

beforeAll(async () => {
  // Small bounds here (1 KB to 2 MB) keep the files small; the shipped 7 MB / 80 MB are tested in upload.test.ts.
  // The general upload limit is set below the panorama maximum: the panorama route has its own.
  s = await startTestServer({
    TILTH_PANORAMA_MIN_KB: '1',
    TILTH_PANORAMA_MAX_MB: '2',
    TILTH_UPLOAD_LIMIT_MB: '1',
  });
  tok = await signInRoles(s);
  A = s.fixtures.tenantA;
  B = s.fixtures.tenantB;
}, 60_000);
afterAll(async () => s?.close());

describe('upload and tiling', () => {
  let ready: Panorama;

  it('tiles a 2:1 upload to ready: every tile of every level a 512×512 JPEG, the preview and thumbnail', async () => {
    const res = await upload(A, tok.admin, ' 果园 东坡.jpg', await panoramaJpeg(2048));
    expect(res.statusCode, res.body).toBe(202);
    const made = res.json() as Panorama;
    expect(made).toMatchObject({
      panoramaName: '果园 东坡',
      status: 'processing',
      width: 2048,
      height: 1024,
    });
    expect(made.panoramaImages).toMatch(
      new RegExp(`^/wfpf/v1/${A}/panorama/${made.panoramaId}/[0-9a-f-]{36}/tiles$`),
    );
    ready = await waitDone(made.panoramaId);
    expect(ready).toMatchObject({ status: 'ready', progress: 100, error: null });
    expect(ready.tiles?.levels).toEqual([
      { width: 1024, height: 512, cols: 2, rows: 1 },
      { width: 2048, height: 1024, cols: 4, rows: 2 },
    ]);
    for (const [i, l] of (ready.tiles?.levels ?? []).entries()) {
      for (let c = 0; c < l.cols; c += 1)
        for (let r = 0; r < l.rows; r += 1) {
          const tile = await get(`${ready.panoramaImages}/${i}/${c}_${r}.jpg`);
          expect(tile.statusCode).toBe(200);
          const m = await sharp(tile.rawPayload).metadata();
          expect([m.format, m.width, m.height]).toEqual(['jpeg', 512, 512]);
        }
    }
    const preview = await sharp((await get(ready.panoramaPreview)).rawPayload).metadata();
    expect([preview.width, preview.height]).toEqual([2048, 1024]);
    const thumb = await sharp((await get(ready.panoramaThumb)).rawPayload).metadata();
    expect([thumb.width, thumb.height]).toEqual([400, 200]);
  }, 60_000);

  it('serves the images as stored files that never change (nosniff, sandbox CSP, a year of private cache)', async () => {
    const res = await get(`${ready.panoramaImages}/1/3_1.jpg`);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe(STORED_FILE_CSP);
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
  });

  it('answers 404 for a tile outside the pyramid or under another asset key', async () => {
    expect((await get(`${ready.panoramaImages}/1/4_0.jpg`)).statusCode).toBe(404);
    expect((await get(`${ready.panoramaImages}/2/0_0.jpg`)).statusCode).toBe(404);
    const other = ready.panoramaPreview.replace(/[0-9a-f-]{36}/, crypto.randomUUID());
    expect((await get(other)).statusCode).toBe(404);
  });

  it('shows another tenant nothing: 404 for the row and its tiles under its own tenant, 403 under ours', async () => {
    expect((await get(url(B, `/${ready.panoramaId}`), tok.adminB)).statusCode).toBe(404);
    const theirs = ready.panoramaPreview.replace(`/v1/${A}/`, `/v1/${B}/`);
    expect((await get(theirs, tok.adminB)).statusCode).toBe(404);
    expect((await get(`${theirs.replace('preview.jpg', 'tiles')}/0/0_0.jpg`, tok.adminB)).statusCode).toBe(
      404,
    );
    expect((await get(ready.panoramaPreview, tok.adminB)).statusCode).toBe(403);
    const list = (await get(url(B), tok.adminB)).json() as Page<Panorama>;
    expect(list.content.map((p) => p.panoramaId)).not.toContain(ready.panoramaId);
  });

  it('refuses those without the panorama or tour codes (403) and stores nothing', async () => {
    const res = await upload(A, tok.operator, 'x.jpg', await panoramaJpeg(256));
    expect(res.statusCode).toBe(403);
    expect((await get(url(A), tok.viewer)).statusCode).toBe(403);
    expect((await get(ready.panoramaPreview, tok.viewer)).statusCode).toBe(403);
  });

  const count = async () => ((await get(url(A, '?size=0'))).json() as Page<Panorama>).totalElements;

  it('refuses a file above the maximum with 413 "cannot exceed {n}MB"', async () => {
    const before = await count();
    const big = Buffer.concat([await panoramaJpeg(256), Buffer.alloc(2 * 1024 * 1024 + 100)]);
    const res = await upload(A, tok.admin, 'big.jpg', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('cannot exceed 2MB');
    expect(await count()).toBe(before);
  });

  it('takes files above the general upload limit up to its own maximum', async () => {
    const padded = Buffer.concat([await panoramaJpeg(256), Buffer.alloc(1.5 * 1024 * 1024)]);
    const res = await upload(A, tok.admin, 'padded.jpg', padded);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().fileSize).toBe(padded.length);
    await waitDone(res.json().panoramaId);
  }, 30_000);

  it('refuses a PNG that is not 2:1 with 400 naming its size', async () => {
    const res = await upload(A, tok.admin, 'square.png', await panoramaJpeg(300, { height: 200, png: true }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'A panorama must be an equirectangular image twice as wide as high; this one is 300×200',
    );
    // ±1 px is a 2:1 panorama still.
    const off = await upload(A, tok.admin, 'off.png', await panoramaJpeg(301, { height: 151, png: true }));
    expect(off.statusCode).toBe(202);
  });

  it('refuses a decompression bomb (a tiny PNG announcing 30000×15000) with 413, without decoding it', async () => {
    const png = await panoramaJpeg(64, { png: true });
    // Rewrite IHDR's width and height (bytes 16–23) and its CRC: the header now claims 450 megapixels.
    const bomb = Buffer.from(png);
    bomb.writeUInt32BE(30000, 16);
    bomb.writeUInt32BE(15000, 20);
    const { crc32 } = await import('node:zlib');
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    const res = await upload(A, tok.admin, 'bomb.png', bomb);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(
      'The panorama is too large (30000×15000, about 450 megapixels); at most 135 megapixels',
    );
  });

  it('refuses a text file named .jpg with 415 (sniffed from its first bytes, mid-upload)', async () => {
    const res = await upload(A, tok.admin, 'notes.jpg', Buffer.from('hello '.repeat(200_000)));
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('A panorama must be a JPG or PNG image');
  });

  it('stores a failure in the reader’s language when the image cannot be decoded', async () => {
    // A valid header and garbage after it: accepted at upload, failed by the tiler.
    const good = await panoramaJpeg(1024);
    const broken = Buffer.concat([good.subarray(0, 700), Buffer.alloc(good.length, 0x55)]);
    const res = await upload(A, tok.admin, 'broken.jpg', broken);
    expect(res.statusCode).toBe(202);
    const done = await waitDone((res.json() as Panorama).panoramaId);
    expect(done.status).toBe('failed');
    expect(done.error).toBe('Processing failed: the image cannot be decoded');
    const zh = await s.inject({
      method: 'GET',
      url: url(A, `/${done.panoramaId}`),
      headers: { ...auth(tok.admin), 'accept-language': 'zh-CN' },
    });
    expect(zh.json().error).toBe('全景图处理失败：图片无法解码');
  }, 30_000);
});

describe('list, rename, delete', () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    for (const n of ['list-alpha', 'list-beta', 'list-gamma']) ids[n] = await row(A, n);
    ids['list-off'] = await row(A, 'list-off', 0);
  });

  it('pages newest first with filters (name contains, enabledFlag, status)', async () => {
    const p1 = (await get(url(A, '?panoramaName=list-&size=2&page=0'))).json() as Page<Panorama>;
    expect(p1.totalElements).toBe(4);
    expect(p1.content.map((p) => p.panoramaName)).toEqual(['list-off', 'list-gamma']);
    const p2 = (await get(url(A, '?panoramaName=list-&size=2&page=1'))).json() as Page<Panorama>;
    expect(p2.content.map((p) => p.panoramaName)).toEqual(['list-beta', 'list-alpha']);
    const on = (await get(url(A, '?panoramaName=LIST-&enabledFlag=1'))).json() as Page<Panorama>;
    expect(on.content.map((p) => p.panoramaName)).not.toContain('list-off');
    const processing = (await get(url(A, '?status=processing&panoramaName=list-'))).json() as Page<Panorama>;
    expect(processing.totalElements).toBe(0);
    // A literal % matches itself only.
    expect(((await get(url(A, '?panoramaName=%25'))).json() as Page<Panorama>).totalElements).toBe(0);
  });

  it('renames and disables with the current version; a stale version is 409 and changes nothing', async () => {
    const id = ids['list-alpha'] as number;
    const put = (b: Record<string, unknown>) =>
      s.inject({
        method: 'PUT',
        url: url(A),
        headers: { ...auth(tok.admin), ...en },
        payload: { panoramaId: id, ...b },
      });
    const ok = await put({ panoramaName: ' 鱼塘 北 ', enabledFlag: 0, objectVersionNumber: 1 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ panoramaName: '鱼塘 北', enabledFlag: 0, objectVersionNumber: 2 });
    const stale = await put({ panoramaName: 'too late', objectVersionNumber: 1 });
    expect(stale.statusCode).toBe(409);
    expect((await get(url(A, `/${id}`))).json()).toMatchObject({
      panoramaName: '鱼塘 北',
      objectVersionNumber: 2,
    });
    expect((await put({ panoramaName: 'x'.repeat(61), objectVersionNumber: 2 })).statusCode).toBe(400);
  });

  it('refuses to delete a panorama a scene shows, naming the scene and tour in both languages', async () => {
    const id = ids['list-beta'] as number;
    await s.platform.database.withTenant(A, async (tx) => {
      const r = await tx.execute(
        sql`insert into vr_tours (tenant_id, name) values (${A}, '春季巡园') returning id`,
      );
      const vrId = Number(rowsOf<{ id: string }>(r)[0]?.id);
      await tx.execute(
        sql`insert into vr_scenes (tenant_id, vr_id, panorama_id, name, visual) values (${A}, ${vrId}, ${id}, '东门', '{}'::jsonb)`,
      );
    });
    const del = (lang: string) =>
      s.inject({
        method: 'DELETE',
        url: url(A, `/${id}`),
        headers: { ...auth(tok.admin), 'accept-language': lang },
      });
    const res = await del('en-US');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'The panorama "list-beta" is used by scene "东门" of tour "春季巡园" and cannot be deleted; remove those scenes or disable it',
    );
    expect((await del('zh-CN')).json().message).toBe(
      '全景图“list-beta”正被VR“春季巡园”的场景“东门”使用，不能删除，请先删除这些场景或改为停用',
    );
    expect((await get(url(A, `/${id}`))).json()).toMatchObject({ sceneCount: 1 });
  });

  it('deletes an unused panorama (stale version refused first) with its original and images', async () => {
    const up = await upload(A, tok.admin, 'gone.jpg', await panoramaJpeg(1024));
    const p = await waitDone((up.json() as Panorama).panoramaId);
    const del = (v: number) =>
      s.inject({
        method: 'DELETE',
        url: url(A, `/${p.panoramaId}?objectVersionNumber=${v}`),
        headers: auth(tok.admin),
      });
    expect((await del(p.objectVersionNumber + 5)).statusCode).toBe(409);
    expect((await del(p.objectVersionNumber)).statusCode).toBe(200);
    expect((await get(url(A, `/${p.panoramaId}`))).statusCode).toBe(404);
    const key = p.panoramaPreview.split('/')[6] as string;
    expect(await s.platform.storage.get(`${assetPrefix(A, key)}/preview.jpg`)).toBeUndefined();
    expect(await s.platform.storage.get(`${assetPrefix(A, key)}/tiles/0/0_0.jpg`)).toBeUndefined();
    expect(await s.platform.storage.get(`${assetPrefix(A, key)}/original.jpg`)).toBeUndefined();
  }, 30_000);
});

describe('restart survival', () => {
  it('a processing row whose runner went silent is finished by a new runner; a live one is left alone', async () => {
    const key = crypto.randomUUID();
    const storageKey = `${assetPrefix(A, key)}/original.jpg`;
    await s.platform.storage.put(storageKey, Readable.from([await panoramaJpeg(1024)]));
    const ins = (assetKey: string, heartbeatAt: number) =>
      s.platform.database.withTenant(A, async (tx) => {
        const r = await insertPanorama(tx, A, null, {
          name: `restart-${heartbeatAt}`,
          width: 1024,
          height: 512,
          fileSize: 1000,
          contentType: 'image/jpeg',
          storageKey,
          assetKey,
        });
        await tx.execute(
          sql`update panoramas set heartbeat_at = ${heartbeatAt}, progress = 40 where id = ${r.id}`,
        );
        return r.id;
      });
    const lost = await ins(key, Date.now() - PANORAMA_STALE_MS - 1000);
    const live = await ins(crypto.randomUUID(), Date.now());
    await new PanoramaRunner(s.platform, () => console).kick(A);
    expect((await get(url(A, `/${lost}`))).json()).toMatchObject({ status: 'ready', progress: 100 });
    expect((await get(url(A, `/${live}`))).json()).toMatchObject({ status: 'processing', progress: 40 });
  }, 30_000);
});

describe('a shared scratch disk', () => {
  // Two deployments (or two test servers) on one scratch disk number their rows alike: each tiling works in
  // a directory of its own, so one finishing never removes the other's tiles under it.
  class Twin extends PanoramaRunner {
    tile(row: PanoramaRow): Promise<void> {
      return this.run(row);
    }
  }
  it('tiles a row to ready while a twin with the same tenant and id tiles beside it', async () => {
    const key = crypto.randomUUID();
    const storageKey = `${assetPrefix(A, key)}/original.jpg`;
    await s.platform.storage.put(storageKey, Readable.from([await panoramaJpeg(2048)]));
    const id = await s.platform.database.withTenant(A, async (tx) => {
      const r = await insertPanorama(tx, A, null, {
        name: 'twin',
        width: 2048,
        height: 1024,
        fileSize: 1000,
        contentType: 'image/jpeg',
        storageKey,
        assetKey: key,
      });
      await tx.execute(sql`update panoramas set heartbeat_at = ${Date.now()} where id = ${r.id}`);
      return r.id;
    });
    const row = (assetKey: string) => ({ tenantId: A, id, assetKey, storageKey, width: 2048 }) as PanoramaRow;
    const errors: unknown[] = [];
    const log = (): JobLog => ({ error: (...a: unknown[]) => errors.push(a) });
    await Promise.all([
      new Twin(s.platform, log).tile(row(key)),
      // The twin's own row has another asset key here; it tiles all the same, then finds its row gone.
      new Twin(s.platform, log).tile(row(crypto.randomUUID())),
      new Twin(s.platform, log).tile(row(crypto.randomUUID())),
    ]);
    expect(errors).toEqual([]);
    const p = (await get(url(A, `/${id}`))).json() as Panorama;
    expect(p).toMatchObject({ status: 'ready', progress: 100 });
    for (const [i, l] of (p.tiles?.levels ?? []).entries())
      for (let c = 0; c < l.cols; c += 1)
        for (let r = 0; r < l.rows; r += 1)
          expect((await get(`${p.panoramaImages}/${i}/${c}_${r}.jpg`)).statusCode).toBe(200);
    expect(p.tiles?.levels).toHaveLength(2);
  }, 60_000);
});

describe('scratch left by a killed process', () => {
  it('is removed once it is an hour old; what a live process works in is kept', async () => {
    const dir = panoramaTempDir(s.platform.config.scratchDir);
    const old = (Date.now() - PANORAMA_SCRATCH_MAX_AGE_MS - 60_000) / 1000;
    await mkdir(path.join(dir, 'tilth-job-1-1-dead', 'tiles'), { recursive: true });
    await writeFile(path.join(dir, 'tilth-job-1-1-dead', 'source'), 'x');
    await writeFile(path.join(dir, 'upload-dead'), 'x');
    await mkdir(path.join(dir, 'tilth-job-1-2-live'), { recursive: true });
    await utimes(path.join(dir, 'tilth-job-1-1-dead'), old, old);
    await utimes(path.join(dir, 'upload-dead'), old, old);
    expect(await sweepPanoramaScratch(s.platform.config.scratchDir)).toBe(2);
    const left = await readdir(dir);
    expect(left).toContain('tilth-job-1-2-live');
    expect(left).not.toContain('tilth-job-1-1-dead');
    expect(left).not.toContain('upload-dead');
    // No scratch directory yet: nothing to do, no error.
    expect(await sweepPanoramaScratch(path.join(dir, 'none'))).toBe(0);
  });
});

describe('demo panoramas', () => {
  it('seeds 稻田全景 and 鱼塘全景 ready at once, once, even when called twice at the same time', async () => {
    const [a, b] = await Promise.all([seedDemoPanoramas(s.platform, B), seedDemoPanoramas(s.platform, B)]);
    expect(a).toEqual(b);
    expect(await seedDemoPanoramas(s.platform, B)).toEqual(a);
    const refs = await s.platform.database.withTenant(B, (tx) => panoramaRefs(tx, B, a ?? []));
    expect(refs.map((r) => [r.panoramaName, r.status, r.width, r.height, r.tiles?.levels.length])).toEqual([
      ['稻田全景', 'ready', 4096, 2048, 3],
      ['鱼塘全景', 'ready', 4096, 2048, 3],
    ]);
    const ref = refs[0];
    const tile = await get(`${ref?.panoramaImages}/2/7_3.jpg`, tok.adminB);
    expect(tile.statusCode).toBe(200);
    expect((await sharp(tile.rawPayload).metadata()).width).toBe(512);
    // The tour domain reads them by id; another tenant's ids are not there.
    expect(await s.platform.database.withTenant(A, (tx) => panoramaRefs(tx, A, a ?? []))).toEqual([]);
  }, 60_000);
});
