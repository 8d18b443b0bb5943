import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../../test/harness.js';
import { type Catalogue, type ErrBody, type PageBody, startCatalogue } from './catalogue.helpers.js';

interface CropBody {
  cropId: number;
  cropName: string;
  cropEnName: string | null;
  cropType: string;
  imageUrl: string | null;
  description: string | null;
  enabledFlag: 0 | 1;
  objectVersionNumber: number;
  creationDate: string;
}

let c: Catalogue;
beforeAll(async () => {
  c = await startCatalogue();
});
afterAll(async () => {
  await c?.s.close();
});

const crops = () => c.all<CropBody>('crop/page');
const byName = async (name: string): Promise<CropBody> => {
  const found = (await crops()).find((x) => x.cropName === name);
  if (!found) throw new Error(`no crop ${name}`);
  return found;
};

describe('crops: create and validate', () => {
  let tomato: CropBody;

  it('starts empty and lets any member list', async () => {
    const res = await c.call('viewer', 'GET', 'crop/page');
    expect(res.statusCode).toBe(200);
    expect(json<PageBody<CropBody>>(res)).toEqual({
      content: [],
      totalElements: 0,
      totalPages: 0,
      number: 0,
      size: 10,
    });
  });

  it('creates a crop with every field, trimmed, and answers it by id to any member', async () => {
    const res = await c.call('admin', 'POST', 'crop', {
      cropName: '  番茄  ',
      cropEnName: ' Tomato ',
      cropType: 'plant',
      imageUrl: '/hfle/v1/1/files/abc/file',
      description: 'Warm-season fruit',
      enabledFlag: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    tomato = json<CropBody>(res);
    expect(tomato).toMatchObject({
      cropName: '番茄',
      cropEnName: 'Tomato',
      cropType: 'plant',
      imageUrl: '/hfle/v1/1/files/abc/file',
      description: 'Warm-season fruit',
      enabledFlag: 1,
      objectVersionNumber: 1,
    });
    expect(tomato.cropId).toBeGreaterThan(0);
    const one = await c.call('viewer', 'GET', `crop/${tomato.cropId}`);
    expect(one.statusCode).toBe(200);
    expect(json<CropBody>(one)).toEqual(tomato);
  });

  it('defaults the type to plant, enabled, and leaves optional fields empty', async () => {
    const res = await c.call('admin', 'POST', 'crop', {
      cropName: 'Rice',
      imageUrl: 'https://x.example/r.png',
    });
    expect(res.statusCode).toBe(200);
    expect(json<CropBody>(res)).toMatchObject({
      cropType: 'plant',
      enabledFlag: 1,
      cropEnName: null,
      description: null,
      imageUrl: 'https://x.example/r.png',
    });
    const fish = await c.call('admin', 'POST', 'crop', { cropName: 'Grass carp', cropType: 'nurture' });
    expect(json<CropBody>(fish).cropType).toBe('nurture');
  });

  it('refuses writes without the system crop codes (operator and viewer) with 403, changing nothing', async () => {
    for (const who of ['operator', 'viewer'] as const) {
      expect((await c.call(who, 'POST', 'crop', { cropName: `By ${who}` })).statusCode).toBe(403);
      const put = await c.call(who, 'PUT', 'crop', {
        cropId: tomato.cropId,
        objectVersionNumber: 1,
        cropName: 'Mine',
      });
      expect(put.statusCode).toBe(403);
      expect((await c.call(who, 'DELETE', `crop/${tomato.cropId}`)).statusCode).toBe(403);
    }
    expect((await crops()).map((x) => x.cropName)).toEqual(['番茄', 'Rice', 'Grass carp']);
    expect((await byName('番茄')).objectVersionNumber).toBe(1);
  });

  it.each([
    ['a blank name', { cropName: '   ' }, 'cropName'],
    ['a 61-character name', { cropName: 'x'.repeat(61) }, 'cropName: text too long'],
    ['a missing name', { cropEnName: 'x' }, 'cropName'],
    ['a 121-character English name', { cropName: 'Ok', cropEnName: 'e'.repeat(121) }, 'cropEnName'],
    ['an unknown type', { cropName: 'Ok', cropType: 'fish' }, 'cropType'],
    ['a script image address', { cropName: 'Ok', imageUrl: 'javascript:alert(1)' }, 'imageUrl'],
    ['a relative image address', { cropName: 'Ok', imageUrl: 'img/a.png' }, 'imageUrl'],
    [
      'a 1001-character image address',
      { cropName: 'Ok', imageUrl: `https://x.example/${'a'.repeat(983)}` },
      'imageUrl: text too long',
    ],
    ['a 2001-character description', { cropName: 'Ok', description: 'd'.repeat(2001) }, 'description'],
    ['an enabled flag of 2', { cropName: 'Ok', enabledFlag: 2 }, 'enabledFlag'],
    ['an unknown field', { cropName: 'Ok', colour: 'red' }, 'colour'],
  ])('answers 400 naming the field for %s, changing nothing', async (_what, payload, field) => {
    const before = (await crops()).length;
    const res = await c.call('admin', 'POST', 'crop', payload);
    expect(res.statusCode).toBe(400);
    expect(json<ErrBody>(res).message).toContain(field);
    expect(await crops()).toHaveLength(before);
  });

  it('accepts the longest allowed values', async () => {
    const res = await c.call('admin', 'POST', 'crop', {
      cropName: 'y'.repeat(60),
      cropEnName: 'e'.repeat(120),
      description: 'd'.repeat(2000),
      imageUrl: `https://x.example/${'a'.repeat(982)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await c.call('admin', 'DELETE', `crop/${json<CropBody>(res).cropId}`)).statusCode).toBe(200);
  });

  it('answers 409 naming a duplicate name, in either language', async () => {
    const dup = await c.call('admin', 'POST', 'crop', { cropName: ' Rice ' });
    expect(dup.statusCode).toBe(409);
    expect(json<ErrBody>(dup)).toMatchObject({ code: 'wfpf.crop.nameExists' });
    expect(json<ErrBody>(dup).message).toBe('A crop named "Rice" already exists');
    const zh = await c.s.inject({
      method: 'POST',
      url: `/wfpf/v1/${c.tA}/crop`,
      headers: c.auth('admin'),
      payload: { cropName: '番茄' },
    });
    expect(json<ErrBody>(zh).message).toBe('作物名称“番茄”已存在');
  });

  it('keeps crops per tenant: B may reuse a name, and neither sees nor changes the other', async () => {
    const b = await c.call('adminB', 'POST', 'crop', { cropName: 'Rice' }, c.tB);
    expect(b.statusCode).toBe(200);
    const bCrop = json<CropBody>(b);
    const bList = json<PageBody<CropBody>>(
      await c.call('adminB', 'GET', 'crop/page?size=0', undefined, c.tB),
    );
    expect(bList.content.map((x) => x.cropName)).toEqual(['Rice']);
    expect((await c.call('admin', 'GET', `crop/${bCrop.cropId}`)).statusCode).toBe(404);
    // B replaying A's id in B's own paths finds nothing and changes nothing.
    expect((await c.call('adminB', 'GET', `crop/${tomato.cropId}`, undefined, c.tB)).statusCode).toBe(404);
    const put = await c.call(
      'adminB',
      'PUT',
      'crop',
      { cropId: tomato.cropId, objectVersionNumber: 1, cropName: 'hijacked' },
      c.tB,
    );
    expect(put.statusCode).toBe(404);
    expect((await c.call('adminB', 'DELETE', `crop/${tomato.cropId}`, undefined, c.tB)).statusCode).toBe(404);
    // And A's paths refuse B outright.
    expect((await c.call('adminB', 'GET', 'crop/page')).statusCode).toBe(403);
    expect((await c.call('adminB', 'GET', `crop/${tomato.cropId}`)).statusCode).toBe(403);
    expect(await byName('番茄')).toEqual(tomato);
  });
});

describe('crops: update', () => {
  it('updates with the current version; a stale one gets 409 and changes nothing', async () => {
    const rice = await byName('Rice');
    const ok = await c.call('admin', 'PUT', 'crop', {
      cropId: rice.cropId,
      objectVersionNumber: rice.objectVersionNumber,
      cropName: 'Rice',
      cropEnName: 'Paddy rice',
      enabledFlag: 0,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const updated = json<CropBody>(ok);
    expect(updated).toMatchObject({
      cropEnName: 'Paddy rice',
      enabledFlag: 0,
      imageUrl: 'https://x.example/r.png',
      objectVersionNumber: rice.objectVersionNumber + 1,
    });
    const stale = await c.call('admin', 'PUT', 'crop', {
      cropId: rice.cropId,
      objectVersionNumber: rice.objectVersionNumber,
      cropName: 'Renamed',
    });
    expect(stale.statusCode).toBe(409);
    expect(json<ErrBody>(stale).code).toBe('error.objectVersionNumber.stale');
    expect(await byName('Rice')).toEqual(updated);
  });

  it('clears nullable fields with null or an empty string', async () => {
    const rice = await byName('Rice');
    const res = await c.call('admin', 'PUT', 'crop', {
      cropId: rice.cropId,
      objectVersionNumber: rice.objectVersionNumber,
      cropName: 'Rice',
      cropEnName: null,
      imageUrl: '',
    });
    expect(json<CropBody>(res)).toMatchObject({ cropEnName: null, imageUrl: null });
  });

  it('answers 404 for an unknown crop, 409 for a rename onto another name and 400 for a blank one', async () => {
    const missing = await c.call('admin', 'PUT', 'crop', {
      cropId: 987_654,
      objectVersionNumber: 1,
      cropName: 'x',
    });
    expect(missing.statusCode).toBe(404);
    expect(json<ErrBody>(missing).code).toBe('wfpf.crop.notFound');
    const fish = await byName('Grass carp');
    const clash = await c.call('admin', 'PUT', 'crop', {
      cropId: fish.cropId,
      objectVersionNumber: fish.objectVersionNumber,
      cropName: 'Rice',
    });
    expect(clash.statusCode).toBe(409);
    expect(json<ErrBody>(clash).message).toContain('"Rice"');
    const blank = await c.call('admin', 'PUT', 'crop', {
      cropId: fish.cropId,
      objectVersionNumber: fish.objectVersionNumber,
      cropName: ' ',
    });
    expect(blank.statusCode).toBe(400);
    expect(json<ErrBody>(blank).message).toContain('cropName');
    expect(await byName('Grass carp')).toEqual(fish);
  });
});

describe('crops: listing', () => {
  it('pages (0-based) and answers all with size=0', async () => {
    for (const n of ['Plot Alpha', 'Plot Beta', '100%_pure']) {
      expect((await c.call('admin', 'POST', 'crop', { cropName: n })).statusCode).toBe(200);
    }
    const total = (await crops()).length;
    const p1 = json<PageBody<CropBody>>(await c.call('viewer', 'GET', 'crop/page?page=1&size=2'));
    expect(p1).toMatchObject({ number: 1, size: 2, totalElements: total, totalPages: Math.ceil(total / 2) });
    expect(p1.content.map((x) => x.cropName)).toEqual(['Grass carp', 'Plot Alpha']);
    const every = json<PageBody<CropBody>>(await c.call('viewer', 'GET', 'crop/page?size=0'));
    expect(every).toMatchObject({ totalElements: total, totalPages: 1, number: 0, size: 0 });
  });

  it('filters by name (contains, any case, % and _ literal), type and enabled flag', async () => {
    expect((await c.all<CropBody>('crop/page', '&cropName=PLOT')).map((x) => x.cropName)).toEqual([
      'Plot Alpha',
      'Plot Beta',
    ]);
    const pct = await c.all<CropBody>('crop/page', `&cropName=${encodeURIComponent('%_')}`);
    expect(pct.map((x) => x.cropName)).toEqual(['100%_pure']);
    expect((await c.all<CropBody>('crop/page', '&cropType=nurture')).map((x) => x.cropName)).toEqual([
      'Grass carp',
    ]);
    expect((await c.all<CropBody>('crop/page', '&enabledFlag=0')).map((x) => x.cropName)).toEqual(['Rice']);
    // The console's "all" sends empty values.
    expect(await c.all<CropBody>('crop/page', '&cropType=&enabledFlag=&cropName=')).toHaveLength(
      (await crops()).length,
    );
  });

  it('answers 400 for a bad page, size or filter, and 401 without a token', async () => {
    expect((await c.call('viewer', 'GET', 'crop/page?page=-1')).statusCode).toBe(400);
    expect((await c.call('viewer', 'GET', 'crop/page?size=abc')).statusCode).toBe(400);
    expect((await c.call('viewer', 'GET', 'crop/page?cropType=fish')).statusCode).toBe(400);
    expect((await c.call('viewer', 'GET', 'crop/abc')).statusCode).toBe(400);
    const anon = await c.s.inject({ method: 'GET', url: `/wfpf/v1/${c.tA}/crop/page` });
    expect(anon.statusCode).toBe(401);
  });
});

describe('crops: delete', () => {
  it('refuses a crop a batch grows, then one with varieties, with a clear 409', async () => {
    const tomato = await byName('番茄');
    const batch = await c.addBatch(tomato.cropId);
    const used = await c.call('admin', 'DELETE', `crop/${tomato.cropId}`);
    expect(used.statusCode).toBe(409);
    expect(json<ErrBody>(used)).toMatchObject({
      code: 'wfpf.crop.usedByBatch',
      message: 'The crop "番茄" is used by 1 batch(es) and cannot be deleted',
    });
    await c.removeBatch(batch);
    const v = await c.call('admin', 'POST', 'variety', { cropId: tomato.cropId, varietyName: 'Cherry' });
    expect(v.statusCode).toBe(200);
    const kinds = await c.call('admin', 'DELETE', `crop/${tomato.cropId}`);
    expect(kinds.statusCode).toBe(409);
    expect(json<ErrBody>(kinds)).toMatchObject({ code: 'wfpf.crop.hasVarieties' });
    expect(json<ErrBody>(kinds).message).toContain('1 variety');
    expect(await byName('番茄')).toEqual(tomato);

    const varietyId = json<{ varietyId: number }>(v).varietyId;
    expect((await c.call('admin', 'DELETE', `variety/${varietyId}`)).statusCode).toBe(200);
    const gone = await c.call('admin', 'DELETE', `crop/${tomato.cropId}`);
    expect(gone.statusCode).toBe(200);
    expect(json(gone)).toEqual({ success: true });
    expect((await c.call('admin', 'GET', `crop/${tomato.cropId}`)).statusCode).toBe(404);
    expect((await c.call('admin', 'DELETE', `crop/${tomato.cropId}`)).statusCode).toBe(404);
  });
});

describe('crops: concurrent writes', () => {
  it('creates each name once when requests race', async () => {
    const racing = await Promise.all(
      Array.from({ length: 6 }, (_, i) => c.call('admin', 'POST', 'crop', { cropName: `Race ${i % 3}` })),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 409, 409, 409]);
    const names = (await crops()).map((x) => x.cropName).filter((n) => n.startsWith('Race'));
    expect(names.sort()).toEqual(['Race 0', 'Race 1', 'Race 2']);
  });
});
