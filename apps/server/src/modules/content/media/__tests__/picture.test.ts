import type { Page } from '@tilth/contracts';
import type { Picture, PictureFolder, PictureUploadAnswer, PictureUsage } from '@tilth/contracts/media.types';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../../platform/db/rows.js';
import {
  auth,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { recordPictureUsage } from '../index.js';

// The picture library through its routes: folders, multi-upload with its refusals (type, size, pixels),
// thumbnails read back, rename / move, usage recorded by owners blocking the delete, other tenants.

let s: TestServer;
let tok: RoleTokens;
let A: number;
let B: number;
const en = { 'accept-language': 'en-US' };
const url = (t: number, rest: string) => `/wfpf/v1/${t}/content${rest}`;

const png = (w: number, h: number, color = '#3a7d44') =>
  sharp({ create: { width: w, height: h, channels: 3, background: color } })
    .png()
    .toBuffer();

const upload = (t: number, token: string, files: [string, Buffer][], folderId?: number) => {
  const fd = new FormData();
  for (const [name, bytes] of files) fd.append('file', new Blob([new Uint8Array(bytes)]), name);
  return s.inject({
    method: 'POST',
    url: url(t, `/pictures/multipart${folderId ? `?folderId=${folderId}` : ''}`),
    headers: { ...auth(token), ...en },
    payload: fd,
  });
};
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, token = tok.admin) =>
  s.inject({
    method,
    url: path,
    headers: { ...auth(token), ...en },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
const count = async (table: string, t: number) =>
  s.platform.database.withTenant(t, async (tx) => {
    const r = await tx.execute(sql.raw(`select count(*)::int as n from ${table} where tenant_id = ${t}`));
    return rowsOf<{ n: number }>(r)[0]?.n ?? 0;
  });

beforeAll(async () => {
  s = await startTestServer({});
  tok = await signInRoles(s);
  A = s.fixtures.tenantA;
  B = s.fixtures.tenantB;
}, 60_000);
afterAll(async () => s?.close());

describe('folders', () => {
  it('adds a tree, refuses a duplicate name beside its siblings, renames with a version, deletes only when empty', async () => {
    const top = (
      await call('POST', url(A, '/picture-folders'), { folderName: ' Fields ' })
    ).json() as PictureFolder;
    expect(top).toMatchObject({ folderName: 'Fields', parentId: null, pictureCount: 0 });
    const dup = await call('POST', url(A, '/picture-folders'), { folderName: 'Fields' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A folder named "Fields" is already there');
    const child = (
      await call('POST', url(A, '/picture-folders'), { folderName: 'Wheat', parentId: top.folderId })
    ).json() as PictureFolder;
    expect(child.parentId).toBe(top.folderId);
    // The same name under another parent is fine.
    expect((await call('POST', url(A, '/picture-folders'), { folderName: 'Wheat' })).statusCode).toBe(200);

    const blank = await call('POST', url(A, '/picture-folders'), { folderName: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('folderName');

    const renamed = await call('PUT', url(A, '/picture-folders'), {
      folderId: child.folderId,
      folderName: 'Winter wheat',
      objectVersionNumber: 1,
    });
    expect(renamed.json()).toMatchObject({ folderName: 'Winter wheat', objectVersionNumber: 2 });
    const stale = await call('PUT', url(A, '/picture-folders'), {
      folderId: child.folderId,
      folderName: 'Again',
      objectVersionNumber: 1,
    });
    expect(stale.statusCode).toBe(409);

    const notEmpty = await call('DELETE', url(A, `/picture-folders/${top.folderId}`));
    expect(notEmpty.statusCode).toBe(409);
    expect(notEmpty.json().message).toBe(
      'The folder "Fields" is not empty (pictures: 0, folders: 1); move or delete them first',
    );
    expect((await call('DELETE', url(A, `/picture-folders/${child.folderId}`))).statusCode).toBe(200);
    expect((await call('DELETE', url(A, `/picture-folders/${top.folderId}`))).statusCode).toBe(200);
    // Tenant B sees none of A's folders.
    const bList = (
      await call('GET', url(B, '/picture-folders'), undefined, tok.adminB)
    ).json() as PictureFolder[];
    expect(bList.some((f) => f.folderName === 'Wheat')).toBe(false);
  });
});

describe('upload', () => {
  it('takes two pictures at once into a folder, with their sizes and a JPEG thumbnail read back', async () => {
    const folder = (
      await call('POST', url(A, '/picture-folders'), { folderName: 'Greenhouse' })
    ).json() as PictureFolder;
    const webp = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#88aa33' } })
      .webp()
      .toBuffer();
    const res = await upload(
      A,
      tok.admin,
      [
        ['tomatoes.png', await png(1200, 800)],
        ['house.webp', webp],
      ],
      folder.folderId,
    );
    expect(res.statusCode, res.body).toBe(200);
    const items = (res.json() as PictureUploadAnswer).items;
    expect(items.map((i) => [i.fileName, i.error, i.picture?.pictureName])).toEqual([
      ['tomatoes.png', null, 'tomatoes'],
      ['house.webp', null, 'house'],
    ]);
    const [tomato] = items.map((i) => i.picture as Picture);
    expect(tomato).toMatchObject({
      width: 1200,
      height: 800,
      contentType: 'image/png',
      folderId: folder.folderId,
    });
    expect(tomato?.src).toBe(`/hfle/v1/${A}/files/${tomato?.fileId}/file`);
    const thumb = await call('GET', tomato?.thumbUrl ?? '');
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 320, 213]);
    // The original is served by the file module.
    expect((await call('GET', tomato?.src ?? '')).statusCode).toBe(200);

    const inFolder = (
      await call('GET', url(A, `/pictures?folderId=${folder.folderId}`))
    ).json() as Page<Picture>;
    expect(inFolder.totalElements).toBe(2);
    const search = (await call('GET', url(A, '/pictures?pictureName=TOMA'))).json() as Page<Picture>;
    expect(search.content.map((p) => p.pictureName)).toEqual(['tomatoes']);
    // Tenant B sees nothing of it: not in its list, not its thumbnail.
    const bList = (await call('GET', url(B, '/pictures'), undefined, tok.adminB)).json() as Page<Picture>;
    expect(bList.content.some((p) => p.pictureName === 'tomatoes')).toBe(false);
    expect(
      (await call('GET', url(B, `/pictures/${tomato?.pictureId}/thumb.jpg`), undefined, tok.adminB))
        .statusCode,
    ).toBe(404);
  });

  it('refuses a PDF, a disguised file and an image over the pixel bound each with its reason, keeping nothing of them', async () => {
    const before = [await count('content_pictures', A), await count('files', A)];
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    // A 9000×5000 PNG header (45 MP) is refused from the header: no pixels decoded.
    const huge = await sharp({ create: { width: 9000, height: 5000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await upload(A, tok.admin, [
      ['leaflet.pdf', pdf],
      ['photo.jpg', await png(10, 10)],
      ['huge.png', huge],
      ['ok.png', await png(40, 40)],
    ]);
    const items = (res.json() as PictureUploadAnswer).items;
    expect(items.map((i) => i.error)).toEqual([
      'A picture must be a JPG, PNG, WebP or GIF image',
      expect.stringContaining('photo.jpg'),
      expect.stringMatching(/megapixels/i),
      null,
    ]);
    expect([await count('content_pictures', A), await count('files', A)]).toEqual([
      (before[0] ?? 0) + 1,
      (before[1] ?? 0) + 1,
    ]);
  });

  it('refuses a picture over 10 MB, an unknown folder, and a viewer without the upload code', async () => {
    const big = Buffer.concat([await png(20, 20), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const res = await upload(A, tok.admin, [['big.png', big]]);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as PictureUploadAnswer).items[0]?.error).toMatch(/10 ?MB/);
    expect((await upload(A, tok.admin, [['a.png', await png(5, 5)]], 999_999)).statusCode).toBe(404);
    expect((await upload(A, tok.viewer, [['a.png', await png(5, 5)]])).statusCode).toBe(403);
  });
});

describe('rename, move, usage and delete', () => {
  it('moves and renames with a version; a used picture cannot be deleted, naming who uses it', async () => {
    const made = (
      await upload(A, tok.admin, [['pond.png', await png(300, 200, '#2266aa')]])
    ).json() as PictureUploadAnswer;
    const pic = made.items[0]?.picture as Picture;
    const folder = (
      await call('POST', url(A, '/picture-folders'), { folderName: 'Fish' })
    ).json() as PictureFolder;
    const moved = await call('PUT', url(A, '/pictures'), {
      pictureId: pic.pictureId,
      pictureName: 'Fish pond',
      folderId: folder.folderId,
      objectVersionNumber: 1,
    });
    expect(moved.json()).toMatchObject({
      pictureName: 'Fish pond',
      folderId: folder.folderId,
      objectVersionNumber: 2,
    });
    expect(
      (
        await call('PUT', url(A, '/pictures'), {
          pictureId: pic.pictureId,
          pictureName: 'x',
          objectVersionNumber: 1,
        })
      ).statusCode,
    ).toBe(409);

    // An owner records what it shows: the library picture counts, a foreign URL and B's path are ignored.
    await s.platform.database.withTenant(A, async (tx) => {
      const ctx = {
        user: { id: 1, loginName: 'x', realName: 'x', platformAdmin: false, sessionId: 's' },
        tenantId: A,
        lang: 'en-US' as const,
        timeZone: 'UTC',
        db: tx,
        permissions: new Set<string>(),
        log: s.app.log,
        transact: <T>(fn: (db: typeof tx) => Promise<T>) => fn(tx),
      };
      await recordPictureUsage(ctx, 'notice', 77, [
        `<p><img src="${pic.src}"></p>`,
        'https://example.org/a.png',
        `/hfle/v1/${B}/files/${pic.fileId}/file`,
      ]);
    });
    const usage = (await call('GET', url(A, `/pictures/${pic.pictureId}/usage`))).json() as PictureUsage;
    expect(usage.owners).toEqual([{ ownerType: 'notice', ownerId: 77, title: null }]);
    const listed = (await call('GET', url(A, `/pictures/${pic.pictureId}`))).json() as Picture;
    expect(listed.usageCount).toBe(1);
    const refused = await call('DELETE', url(A, `/pictures/${pic.pictureId}`));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'The picture "Fish pond" is used by notice "#77" and cannot be deleted',
    );
    // B cannot delete it either (it does not exist for B).
    expect(
      (await call('DELETE', url(B, `/pictures/${pic.pictureId}`), undefined, tok.adminB)).statusCode,
    ).toBe(404);

    await s.platform.database.withTenant(A, (tx) =>
      tx.execute(
        sql`delete from content_picture_usages where tenant_id = ${A} and picture_id = ${pic.pictureId}`,
      ),
    );
    expect(
      (await call('DELETE', url(A, `/pictures/${pic.pictureId}?objectVersionNumber=1`))).statusCode,
    ).toBe(409);
    expect(
      (await call('DELETE', url(A, `/pictures/${pic.pictureId}?objectVersionNumber=2`))).statusCode,
    ).toBe(200);
    expect((await call('GET', pic.src)).statusCode).toBe(404);
    expect((await call('GET', pic.thumbUrl)).statusCode).toBe(404);
  });
});
