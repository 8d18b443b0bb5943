import type { ErrorBody as ErrBody, Page as PageBody } from '@tilth/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  json,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';

interface Practice {
  imageUrl: string;
  name: string;
  description: string;
}
interface Attribute {
  name: string;
  enName: string;
  imageUrl: string;
  description: string;
}
interface PublicBody {
  cropName: string;
  corpEnName: string | null;
  publicity: string | null;
  seedName: string;
  seedEnName: string | null;
  imageUrl: string | null;
  farmingPractices: Practice[];
  productAttributes: Attribute[];
}
interface SeedBody extends PublicBody {
  seedId: number;
  enabledFlag: 0 | 1;
  objectVersionNumber: number;
  creationDate: string;
  lastUpdateDate: string;
}
interface SummaryBody extends Omit<SeedBody, 'farmingPractices' | 'productAttributes'> {
  practiceCount: number;
  attributeCount: number;
}

let s: TestServer;
let tA: number;
let tB: number;
let tok: RoleTokens;
type Who = keyof typeof tok;

beforeAll(async () => {
  s = await startTestServer();
  tA = s.fixtures.tenantA;
  tB = s.fixtures.tenantB;
  tok = await signInRoles(s);
});
afterAll(async () => {
  await s?.close();
});

const en = { 'accept-language': 'en-US' };
const call = (
  who: Who,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: object,
  tenant = tA,
) =>
  s.inject({
    method,
    url: `/wfpf/v1/${tenant}/${path}`,
    headers: { ...auth(tok[who]), ...en },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
const publicGet = (id: number, tenant = tA) =>
  s.inject({ method: 'GET', url: `/wfpf/v1/${tenant}/seed/public/${id}`, headers: en });
const all = async (query = '') =>
  json<PageBody<SummaryBody>>(await call('viewer', 'GET', `seed/page?size=0${query}`)).content;

const practice = (n: number): Record<string, unknown> => ({
  imageUrl: `/hfle/v1/1/files/p${n}/file`,
  name: `Method ${n}`,
  description: `<p>Step <b>${n}</b></p>`,
});
const attribute = (n: number): Record<string, unknown> => ({
  name: `Attr ${n}`,
  enName: `Attribute ${n}`,
  imageUrl: 'https://img.example/a.png',
  description: `<p>About ${n}</p>`,
});
const full = {
  cropName: ' 番茄 ',
  corpEnName: 'Tomato',
  publicity: 'Firm fruit that travels well',
  seedName: '番茄种子',
  seedEnName: 'Tomato seed',
  imageUrl: '/hfle/v1/1/files/main/file',
  farmingPractices: [practice(1), practice(2)],
  productAttributes: [attribute(1), attribute(2)],
};

describe('seed products: create, read, validate', () => {
  let tomato: SeedBody;

  it('creates a product with its cards and answers it whole by id, and as a summary in the page', async () => {
    const res = await call('admin', 'POST', 'seed', full);
    expect(res.statusCode, res.body).toBe(200);
    tomato = json<SeedBody>(res);
    expect(tomato).toMatchObject({
      cropName: '番茄',
      corpEnName: 'Tomato',
      publicity: 'Firm fruit that travels well',
      seedName: '番茄种子',
      seedEnName: 'Tomato seed',
      imageUrl: '/hfle/v1/1/files/main/file',
      farmingPractices: [
        { imageUrl: '/hfle/v1/1/files/p1/file', name: 'Method 1', description: '<p>Step <b>1</b></p>' },
        { imageUrl: '/hfle/v1/1/files/p2/file', name: 'Method 2', description: '<p>Step <b>2</b></p>' },
      ],
      productAttributes: [attribute(1), attribute(2)],
      enabledFlag: 1,
      objectVersionNumber: 1,
    });
    const one = await call('viewer', 'GET', `seed/${tomato.seedId}`);
    expect(one.statusCode).toBe(200);
    expect(json<SeedBody>(one)).toEqual(tomato);
    const page = json<PageBody<SummaryBody>>(await call('viewer', 'GET', 'seed/page'));
    expect(page).toMatchObject({ totalElements: 1, totalPages: 1, number: 0, size: 10 });
    expect(page.content[0]).toMatchObject({ seedId: tomato.seedId, practiceCount: 2, attributeCount: 2 });
    expect(page.content[0]).not.toHaveProperty('farmingPractices');
  });

  it('lets a farm operator add a product with only the required fields', async () => {
    const res = await call('operator', 'POST', 'seed', { cropName: 'Rice', seedName: 'Rice seed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<SeedBody>(res)).toMatchObject({
      corpEnName: null,
      publicity: null,
      imageUrl: null,
      farmingPractices: [],
      productAttributes: [],
    });
  });

  it('sanitises the HTML of descriptions on write', async () => {
    const res = await call('admin', 'POST', 'seed', {
      cropName: 'Melon',
      seedName: 'Melon seed',
      farmingPractices: [
        {
          name: 'Sowing',
          imageUrl: null,
          description:
            '<p onclick="steal()">Sow <script>alert(1)</script>deep</p><a href="javascript:alert(2)">x</a>' +
            '<img src="https://img.example/s.png" onerror="alert(3)"><iframe src="https://evil.example"></iframe>',
        },
      ],
      productAttributes: [{ name: 'Taste', description: '<style>body{}</style><b>Sweet</b>' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = json<SeedBody>(res);
    const html = body.farmingPractices[0]?.description ?? '';
    expect(html).toBe('<p>Sow deep</p><a>x</a><img src="https://img.example/s.png" />');
    expect(body.farmingPractices[0]?.imageUrl).toBe('');
    expect(body.productAttributes[0]).toEqual({
      name: 'Taste',
      enName: '',
      imageUrl: '',
      description: '<b>Sweet</b>',
    });
  });

  it.each([
    ['a blank seed name', { seedName: '  ' }, 'seedName'],
    ['a missing crop name', { cropName: undefined }, 'cropName'],
    ['a 61-character crop name', { cropName: 'c'.repeat(61) }, 'cropName: text too long'],
    ['a 121-character English seed name', { seedEnName: 'e'.repeat(121) }, 'seedEnName'],
    ['a 201-character slogan', { publicity: 'p'.repeat(201) }, 'publicity: text too long'],
    ['a bad main image', { imageUrl: 'data:image/png;base64,AAAA' }, 'imageUrl'],
    [
      '21 planting methods',
      { farmingPractices: Array.from({ length: 21 }, (_, i) => practice(i)) },
      'farmingPractices',
    ],
    [
      'a method without a name',
      { farmingPractices: [{ ...practice(1), name: ' ' }] },
      'farmingPractices.0.name',
    ],
    [
      'a 61-character method name',
      { farmingPractices: [practice(1), { ...practice(2), name: 'n'.repeat(61) }] },
      'farmingPractices.1.name',
    ],
    [
      'a 5001-character description',
      { farmingPractices: [{ ...practice(1), description: 'd'.repeat(5001) }] },
      'farmingPractices.0.description',
    ],
    [
      'a bad method image',
      { farmingPractices: [{ ...practice(1), imageUrl: 'javascript:x' }] },
      'farmingPractices.0.imageUrl',
    ],
    [
      '21 attributes',
      { productAttributes: Array.from({ length: 21 }, (_, i) => attribute(i)) },
      'productAttributes',
    ],
    [
      'an unknown attribute field',
      { productAttributes: [{ ...attribute(1), colour: 'red' }] },
      'productAttributes.0',
    ],
    ['an unknown field', { price: 3 }, 'price'],
  ])('answers 400 naming the field for %s, changing nothing', async (_what, patch, field) => {
    const before = await all();
    const res = await call('admin', 'POST', 'seed', { ...full, ...patch });
    expect(res.statusCode).toBe(400);
    expect(json<ErrBody>(res).message).toContain(field);
    expect(await all()).toEqual(before);
  });

  it('refuses a description that only outgrows the limit once escaped, naming it', async () => {
    const res = await call('admin', 'POST', 'seed', {
      ...full,
      productAttributes: [{ name: 'Long', description: `<p>${'&'.repeat(4990)}</p>` }],
    });
    expect(res.statusCode).toBe(400);
    expect(json<ErrBody>(res).message).toContain('productAttributes.0.description: text too long');
  });

  it('accepts 20 cards of 5000-character descriptions', async () => {
    const cards = Array.from({ length: 20 }, (_, i) => ({ ...practice(i), description: 'x'.repeat(5000) }));
    const res = await call('admin', 'POST', 'seed', { ...full, seedName: 'Big', farmingPractices: cards });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('admin', 'DELETE', `seed/${json<SeedBody>(res).seedId}`)).statusCode).toBe(200);
  });

  it('refuses a viewer every write with 403, and needs a token to read', async () => {
    expect((await call('viewer', 'POST', 'seed', full)).statusCode).toBe(403);
    const put = await call('viewer', 'PUT', 'seed', {
      seedId: tomato.seedId,
      objectVersionNumber: 1,
      cropName: 'x',
      seedName: 'x',
    });
    expect(put.statusCode).toBe(403);
    expect((await call('viewer', 'DELETE', `seed/${tomato.seedId}`)).statusCode).toBe(403);
    const anon = await s.inject({ method: 'GET', url: `/wfpf/v1/${tA}/seed/${tomato.seedId}` });
    expect(anon.statusCode).toBe(401);
    expect(json<SeedBody>(await call('admin', 'GET', `seed/${tomato.seedId}`))).toEqual(tomato);
  });

  it("keeps products per tenant: B neither sees nor changes A's", async () => {
    const bPage = json<PageBody<SummaryBody>>(await call('adminB', 'GET', 'seed/page', undefined, tB));
    expect(bPage.totalElements).toBe(0);
    expect((await call('adminB', 'GET', `seed/${tomato.seedId}`, undefined, tB)).statusCode).toBe(404);
    const put = await call(
      'adminB',
      'PUT',
      'seed',
      { seedId: tomato.seedId, objectVersionNumber: 1, cropName: 'hijacked', seedName: 'hijacked' },
      tB,
    );
    expect(put.statusCode).toBe(404);
    expect((await call('adminB', 'DELETE', `seed/${tomato.seedId}`, undefined, tB)).statusCode).toBe(404);
    expect((await call('adminB', 'GET', 'seed/page')).statusCode).toBe(403);
    expect((await call('adminB', 'GET', `seed/${tomato.seedId}`)).statusCode).toBe(403);
    expect(json<SeedBody>(await call('admin', 'GET', `seed/${tomato.seedId}`))).toEqual(tomato);
  });
});

describe('seed products: update, list, delete', () => {
  const byName = async (name: string) => {
    const found = (await all()).find((x) => x.seedName === name);
    if (!found) throw new Error(`no seed ${name}`);
    return found;
  };

  it('updates with the current version, keeping omitted lists; a stale version changes nothing', async () => {
    const t = await byName('番茄种子');
    const ok = await call('admin', 'PUT', 'seed', {
      seedId: t.seedId,
      objectVersionNumber: t.objectVersionNumber,
      cropName: '番茄',
      seedName: '番茄种子',
      publicity: 'New slogan',
      productAttributes: [attribute(9)],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const updated = json<SeedBody>(ok);
    expect(updated).toMatchObject({
      publicity: 'New slogan',
      seedEnName: 'Tomato seed',
      objectVersionNumber: t.objectVersionNumber + 1,
      productAttributes: [attribute(9)],
    });
    expect(updated.farmingPractices).toHaveLength(2);
    const stale = await call('admin', 'PUT', 'seed', {
      seedId: t.seedId,
      objectVersionNumber: t.objectVersionNumber,
      cropName: '番茄',
      seedName: 'Stale',
      farmingPractices: [],
    });
    expect(stale.statusCode).toBe(409);
    expect(json<ErrBody>(stale).code).toBe('error.objectVersionNumber.stale');
    expect(json<SeedBody>(await call('admin', 'GET', `seed/${t.seedId}`))).toEqual(updated);
    const missing = await call('admin', 'PUT', 'seed', {
      seedId: 987_654,
      objectVersionNumber: 1,
      cropName: 'x',
      seedName: 'x',
    });
    expect(missing.statusCode).toBe(404);
    expect(json<ErrBody>(missing).code).toBe('wfpf.seed.notFound');
    const blank = await call('admin', 'PUT', 'seed', {
      seedId: t.seedId,
      objectVersionNumber: updated.objectVersionNumber,
      cropName: '番茄',
      seedName: '',
    });
    expect(blank.statusCode).toBe(400);
    expect(json<ErrBody>(blank).message).toContain('seedName');
  });

  it('filters by seed name and crop name (contains, any case) and by flag, and pages', async () => {
    expect((await all('&seedName=SEED')).map((x) => x.seedName)).toEqual(['Rice seed', 'Melon seed']);
    expect((await all('&cropName=番')).map((x) => x.seedName)).toEqual(['番茄种子']);
    expect((await all('&enabledFlag=0')).map((x) => x.seedName)).toEqual([]);
    const p = json<PageBody<SummaryBody>>(await call('viewer', 'GET', 'seed/page?page=1&size=2'));
    expect(p).toMatchObject({ number: 1, size: 2, totalElements: 3, totalPages: 2 });
    expect(p.content.map((x) => x.seedName)).toEqual(['Melon seed']);
  });

  it('deletes a product', async () => {
    const melon = await byName('Melon seed');
    expect((await call('operator', 'DELETE', `seed/${melon.seedId}`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', `seed/${melon.seedId}`)).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', `seed/${melon.seedId}`)).statusCode).toBe(404);
  });
});

describe('public seed page', () => {
  it('answers an enabled product signed out, in exactly the shape of the seed product detail', async () => {
    const t = (await all()).find((x) => x.seedName === '番茄种子');
    if (!t) throw new Error('no tomato');
    const res = await publicGet(t.seedId);
    expect(res.statusCode, res.body).toBe(200);
    const body = json<PublicBody>(res);
    expect(Object.keys(body).sort()).toEqual(
      [
        'cropName',
        'corpEnName',
        'publicity',
        'seedName',
        'seedEnName',
        'imageUrl',
        'farmingPractices',
        'productAttributes',
      ].sort(),
    );
    expect(body).toMatchObject({ cropName: '番茄', seedName: '番茄种子', productAttributes: [attribute(9)] });
    expect(body.farmingPractices.map((p) => p.name)).toEqual(['Method 1', 'Method 2']);
  });

  it('hides a disabled product, an unknown id and ids of another tenant', async () => {
    const t = (await all()).find((x) => x.seedName === '番茄种子');
    if (!t) throw new Error('no tomato');
    // Another tenant's path with A's id.
    expect((await publicGet(t.seedId, tB)).statusCode).toBe(404);
    expect((await publicGet(987_654)).statusCode).toBe(404);
    const b = await call('adminB', 'POST', 'seed', { cropName: 'B', seedName: 'B seed' }, tB);
    const bId = json<SeedBody>(b).seedId;
    expect((await publicGet(bId, tB)).statusCode).toBe(200);
    expect((await publicGet(bId, tA)).statusCode).toBe(404);

    const off = await call('admin', 'PUT', 'seed', {
      seedId: t.seedId,
      objectVersionNumber: t.objectVersionNumber,
      cropName: t.cropName,
      seedName: t.seedName,
      enabledFlag: 0,
    });
    expect(off.statusCode).toBe(200);
    const hidden = await publicGet(t.seedId);
    expect(hidden.statusCode).toBe(404);
    expect(json<ErrBody>(hidden)).toMatchObject({ code: 'wfpf.seed.notFound' });
    expect(hidden.body).not.toContain('番茄');
    // Its managers still see it.
    expect((await call('viewer', 'GET', `seed/${t.seedId}`)).statusCode).toBe(200);
  });

  it('answers 400 for a malformed id or tenant', async () => {
    expect((await s.inject({ method: 'GET', url: `/wfpf/v1/${tA}/seed/public/abc` })).statusCode).toBe(400);
    expect((await s.inject({ method: 'GET', url: '/wfpf/v1/x/seed/public/1' })).statusCode).toBe(400);
  });
});

describe('public seed page images', () => {
  const uploadImage = async (who: Who, tenant: number): Promise<{ fileId: string; fileUrl: string }> => {
    const bytes = await sharp({
      create: { width: 300, height: 200, channels: 3, background: { r: 40, g: 160, b: 90 } },
    })
      .png()
      .toBuffer();
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(bytes)]), 'seed.png');
    const res = await s.inject({
      method: 'POST',
      url: `/hfle/v1/${tenant}/files/multipart`,
      headers: auth(tok[who]),
      payload: fd,
    });
    expect(res.statusCode, res.body).toBe(200);
    return json<{ fileId: string; fileUrl: string }>(res);
  };

  it('links stored images through the product, so a signed-out visitor sees them, and nothing else', async () => {
    const shown = await uploadImage('admin', tA);
    const unrelated = await uploadImage('admin', tA);
    const created = await call('admin', 'POST', 'seed', {
      cropName: '辣椒',
      seedName: '线椒种子',
      imageUrl: shown.fileUrl,
      farmingPractices: [{ imageUrl: 'https://img.example/p.png', name: '育苗', description: '<p>x</p>' }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const seedId = json<SeedBody>(created).seedId;

    const detail = json<PublicBody>(await publicGet(seedId));
    expect(detail.imageUrl).toBe(
      `/wfpf/v1/${tA}/seed/public/${seedId}/image/${shown.fileId}?width=1600&height=1600&flag=0`,
    );
    // Addresses elsewhere on the web are left as they are.
    expect(detail.farmingPractices[0]?.imageUrl).toBe('https://img.example/p.png');

    const image = await s.inject({ method: 'GET', url: detail.imageUrl ?? '' });
    expect(image.statusCode, image.body).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
    expect((await sharp(image.rawPayload).metadata()).width).toBe(300);

    const route = (fileId: string, id = seedId, tenant = tA) =>
      s.inject({ method: 'GET', url: `/wfpf/v1/${tenant}/seed/public/${id}/image/${fileId}` });
    // A file of the tenant the product does not show, another tenant's path, an unknown product: nothing.
    expect((await route(unrelated.fileId)).statusCode).toBe(404);
    expect((await route(shown.fileId, seedId, tB)).statusCode).toBe(404);
    expect((await route(shown.fileId, 987_654)).statusCode).toBe(404);
    // The file API itself still needs a session.
    expect((await s.inject({ method: 'GET', url: shown.fileUrl })).statusCode).toBe(401);
  });
});
