import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../../test/harness.js';
import { type Catalogue, type ErrBody, type PageBody, startCatalogue } from './catalogue.helpers.js';

interface VarietyBody {
  varietyId: number;
  cropId: number;
  cropName: string;
  cropEnName: string | null;
  varietyName: string;
  varietyCode: string | null;
  growthDays: number | null;
  imageUrl: string | null;
  description: string | null;
  enabledFlag: 0 | 1;
  objectVersionNumber: number;
  creationDate: string;
}

let c: Catalogue;
let tomato: number;
let rice: number;
let bCrop: number;
beforeAll(async () => {
  c = await startCatalogue();
  const mk = async (payload: Record<string, unknown>, tenant = c.tA) => {
    const res = await c.call(tenant === c.tA ? 'admin' : 'adminB', 'POST', 'crop', payload, tenant);
    if (res.statusCode !== 200) throw new Error(res.body);
    return json<{ cropId: number }>(res).cropId;
  };
  tomato = await mk({ cropName: '番茄', cropEnName: 'Tomato' });
  rice = await mk({ cropName: 'Rice' });
  bCrop = await mk({ cropName: 'B crop' }, c.tB);
});
afterAll(async () => {
  await c?.s.close();
});

const varieties = (query = '') => c.all<VarietyBody>('variety/page', query);
const byName = async (name: string): Promise<VarietyBody> => {
  const found = (await varieties()).find((v) => v.varietyName === name);
  if (!found) throw new Error(`no variety ${name}`);
  return found;
};

describe('varieties: create and validate', () => {
  it('creates a variety, answering its crop names, and shows it on the info page to any member', async () => {
    const res = await c.call('admin', 'POST', 'variety', {
      cropId: tomato,
      varietyName: ' Fenguan No.1 ',
      varietyCode: 'TOMATO_FG1',
      growthDays: 110,
      imageUrl: '/hfle/v1/1/files/x/file',
      description: 'Large pink fruit',
    });
    expect(res.statusCode, res.body).toBe(200);
    const v = json<VarietyBody>(res);
    expect(v).toMatchObject({
      cropId: tomato,
      cropName: '番茄',
      cropEnName: 'Tomato',
      varietyName: 'Fenguan No.1',
      varietyCode: 'TOMATO_FG1',
      growthDays: 110,
      enabledFlag: 1,
      objectVersionNumber: 1,
    });
    const info = await c.call('viewer', 'GET', `variety/${v.varietyId}`);
    expect(info.statusCode).toBe(200);
    expect(json<VarietyBody>(info)).toEqual(v);
  });

  it('leaves the optional fields empty', async () => {
    const res = await c.call('admin', 'POST', 'variety', { cropId: rice, varietyName: 'Meixiangzhan 2' });
    expect(json<VarietyBody>(res)).toMatchObject({ varietyCode: null, growthDays: null, cropName: 'Rice' });
  });

  it.each([
    ['a blank name', { varietyName: '  ' }, 'varietyName'],
    ['a 61-character name', { varietyName: 'v'.repeat(61) }, 'varietyName: text too long'],
    [
      'a code with a hyphen',
      { varietyCode: 'TOM-1' },
      'varietyCode: only English letters, digits or underscore',
    ],
    ['a code with a space', { varietyCode: 'a b' }, 'varietyCode'],
    ['a code in Chinese', { varietyCode: '番茄' }, 'varietyCode'],
    ['a 31-character code', { varietyCode: 'C'.repeat(31) }, 'varietyCode: text too long'],
    ['0 growth days', { growthDays: 0 }, 'growthDays'],
    ['3651 growth days', { growthDays: 3651 }, 'growthDays'],
    ['fractional growth days', { growthDays: 1.5 }, 'growthDays'],
    ['a bad image address', { imageUrl: 'ftp://x/y.png' }, 'imageUrl'],
    ['a 2001-character description', { description: 'd'.repeat(2001) }, 'description'],
    ['a missing crop', { cropId: undefined }, 'cropId'],
  ])('answers 400 naming the field for %s, changing nothing', async (_what, patch, field) => {
    const before = (await varieties()).length;
    const res = await c.call('admin', 'POST', 'variety', { cropId: tomato, varietyName: 'Ok', ...patch });
    expect(res.statusCode).toBe(400);
    expect(json<ErrBody>(res).message).toContain(field);
    expect(await varieties()).toHaveLength(before);
  });

  it('accepts the limits: 30-character code, 1 and 3650 days', async () => {
    for (const [name, days] of [
      ['Short', 1],
      ['Long', 3650],
    ] as const) {
      const res = await c.call('admin', 'POST', 'variety', {
        cropId: rice,
        varietyName: name,
        growthDays: days,
        varietyCode: `${name}_${'9'.repeat(30 - name.length - 1)}`,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it("answers 400 for a crop that does not exist in the tenant (including B's)", async () => {
    for (const cropId of [987_654, bCrop]) {
      const res = await c.call('admin', 'POST', 'variety', { cropId, varietyName: 'Orphan' });
      expect(res.statusCode).toBe(400);
      expect(json<ErrBody>(res)).toMatchObject({
        code: 'wfpf.variety.cropNotFound',
        message: 'cropId: no such crop, or it was deleted',
      });
    }
  });

  it('answers 409 for a name already used in the crop or a code used in the tenant', async () => {
    const name = await c.call('admin', 'POST', 'variety', { cropId: tomato, varietyName: 'Fenguan No.1' });
    expect(name.statusCode).toBe(409);
    expect(json<ErrBody>(name)).toMatchObject({
      code: 'wfpf.variety.nameExists',
      message: 'The crop "番茄" already has a variety named "Fenguan No.1"',
    });
    // The same name under another crop is fine.
    expect(
      (await c.call('admin', 'POST', 'variety', { cropId: rice, varietyName: 'Fenguan No.1' })).statusCode,
    ).toBe(200);
    const code = await c.call('admin', 'POST', 'variety', {
      cropId: rice,
      varietyName: 'Other',
      varietyCode: 'TOMATO_FG1',
    });
    expect(code.statusCode).toBe(409);
    expect(json<ErrBody>(code)).toMatchObject({ code: 'wfpf.variety.codeExists' });
    expect(json<ErrBody>(code).message).toContain('"TOMATO_FG1"');
  });

  it('refuses writes without the system variety codes (operator, viewer) with 403', async () => {
    const fg = await byName('Fenguan No.1');
    for (const who of ['operator', 'viewer'] as const) {
      expect((await c.call(who, 'POST', 'variety', { cropId: tomato, varietyName: 'Mine' })).statusCode).toBe(
        403,
      );
      const put = await c.call(who, 'PUT', 'variety', {
        varietyId: fg.varietyId,
        objectVersionNumber: fg.objectVersionNumber,
        varietyName: 'Mine',
      });
      expect(put.statusCode).toBe(403);
      expect((await c.call(who, 'DELETE', `variety/${fg.varietyId}`)).statusCode).toBe(403);
    }
    expect(await byName('Fenguan No.1')).toEqual(fg);
  });

  it("keeps varieties per tenant: B neither sees nor changes A's", async () => {
    const fg = await byName('Fenguan No.1');
    const bList = await c.call('adminB', 'GET', 'variety/page?size=0', undefined, c.tB);
    expect(json<PageBody<VarietyBody>>(bList).content).toEqual([]);
    expect((await c.call('adminB', 'GET', `variety/${fg.varietyId}`, undefined, c.tB)).statusCode).toBe(404);
    const put = await c.call(
      'adminB',
      'PUT',
      'variety',
      { varietyId: fg.varietyId, objectVersionNumber: 1, varietyName: 'hijacked', cropId: bCrop },
      c.tB,
    );
    expect(put.statusCode).toBe(404);
    expect((await c.call('adminB', 'DELETE', `variety/${fg.varietyId}`, undefined, c.tB)).statusCode).toBe(
      404,
    );
    expect((await c.call('adminB', 'GET', `variety/${fg.varietyId}`)).statusCode).toBe(403);
    expect(await byName('Fenguan No.1')).toEqual(fg);
  });
});

describe('varieties: list, update and delete', () => {
  it('lists by crop then creation, filtered by crop, name (contains) and flag, paged', async () => {
    const all = await varieties();
    expect(all.map((v) => v.cropName)).toEqual(['番茄', 'Rice', 'Rice', 'Rice', 'Rice']);
    expect((await varieties(`&cropId=${tomato}`)).map((v) => v.varietyName)).toEqual(['Fenguan No.1']);
    expect((await varieties('&varietyName=fenguan')).map((v) => v.cropName)).toEqual(['番茄', 'Rice']);
    expect(await varieties('&cropId=&enabledFlag=1')).toHaveLength(all.length);
    const p = json<PageBody<VarietyBody>>(await c.call('viewer', 'GET', 'variety/page?page=2&size=2'));
    expect(p).toMatchObject({ number: 2, size: 2, totalElements: all.length, totalPages: 3 });
    expect(p.content).toHaveLength(1);
    expect((await c.call('viewer', 'GET', 'variety/page?cropId=abc')).statusCode).toBe(400);
  });

  it('updates with the current version and refuses a stale one, changing nothing', async () => {
    const short = await byName('Short');
    const ok = await c.call('admin', 'PUT', 'variety', {
      varietyId: short.varietyId,
      objectVersionNumber: short.objectVersionNumber,
      varietyName: 'Short season',
      growthDays: 90,
      varietyCode: null,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const updated = json<VarietyBody>(ok);
    expect(updated).toMatchObject({
      varietyName: 'Short season',
      growthDays: 90,
      varietyCode: null,
      cropName: 'Rice',
      objectVersionNumber: short.objectVersionNumber + 1,
    });
    const stale = await c.call('admin', 'PUT', 'variety', {
      varietyId: short.varietyId,
      objectVersionNumber: short.objectVersionNumber,
      varietyName: 'Stale',
    });
    expect(stale.statusCode).toBe(409);
    expect(json<ErrBody>(stale).code).toBe('error.objectVersionNumber.stale');
    expect(await byName('Short season')).toEqual(updated);
    const bad = await c.call('admin', 'PUT', 'variety', {
      varietyId: short.varietyId,
      objectVersionNumber: updated.objectVersionNumber,
      varietyName: 'Short season',
      varietyCode: 'bad code!',
    });
    expect(bad.statusCode).toBe(400);
    expect(json<ErrBody>(bad).message).toContain('varietyCode');
  });

  it('moves a variety to another crop, checking the name there', async () => {
    const v = await byName('Short season');
    const moved = await c.call('admin', 'PUT', 'variety', {
      varietyId: v.varietyId,
      objectVersionNumber: v.objectVersionNumber,
      cropId: tomato,
      varietyName: 'Short season',
    });
    expect(json<VarietyBody>(moved)).toMatchObject({ cropId: tomato, cropName: '番茄' });
    const m = json<VarietyBody>(moved);
    const clash = await c.call('admin', 'PUT', 'variety', {
      varietyId: m.varietyId,
      objectVersionNumber: m.objectVersionNumber,
      varietyName: 'Fenguan No.1',
    });
    expect(clash.statusCode).toBe(409);
    const gone = await c.call('admin', 'PUT', 'variety', {
      varietyId: m.varietyId,
      objectVersionNumber: m.objectVersionNumber,
      cropId: 987_654,
      varietyName: 'Short season',
    });
    expect(gone.statusCode).toBe(400);
    expect(json<ErrBody>(gone).code).toBe('wfpf.variety.cropNotFound');
  });

  it('refuses to delete or move a variety a batch grows, then deletes it once free', async () => {
    const v = await byName('Long');
    const batch = await c.addBatch(rice, v.varietyId);
    const del = await c.call('admin', 'DELETE', `variety/${v.varietyId}`);
    expect(del.statusCode).toBe(409);
    expect(json<ErrBody>(del)).toMatchObject({ code: 'wfpf.variety.usedByBatch' });
    expect(json<ErrBody>(del).message).toContain('"Long" is used by 1 batch(es)');
    const move = await c.call('admin', 'PUT', 'variety', {
      varietyId: v.varietyId,
      objectVersionNumber: v.objectVersionNumber,
      cropId: tomato,
      varietyName: 'Long',
    });
    expect(move.statusCode).toBe(409);
    expect(await byName('Long')).toEqual(v);
    await c.removeBatch(batch);
    expect((await c.call('admin', 'DELETE', `variety/${v.varietyId}`)).statusCode).toBe(200);
    expect((await c.call('admin', 'GET', `variety/${v.varietyId}`)).statusCode).toBe(404);
    expect((await c.call('admin', 'DELETE', `variety/${v.varietyId}`)).statusCode).toBe(404);
  });
});

describe('varieties: racing a crop delete', () => {
  it('never leaves a variety under a deleted crop', async () => {
    for (let i = 0; i < 5; i++) {
      const made = await c.call('admin', 'POST', 'crop', { cropName: `Racy ${i}` });
      const cropId = json<{ cropId: number }>(made).cropId;
      const [del, add] = await Promise.all([
        c.call('admin', 'DELETE', `crop/${cropId}`),
        c.call('admin', 'POST', 'variety', { cropId, varietyName: `Racy variety ${i}` }),
      ]);
      const outcome = [del.statusCode, add.statusCode];
      expect([JSON.stringify([200, 400]), JSON.stringify([409, 200])]).toContain(JSON.stringify(outcome));
      const crop = await c.call('admin', 'GET', `crop/${cropId}`);
      const kinds = await varieties(`&cropId=${cropId}`);
      expect(crop.statusCode === 200 || kinds.length === 0).toBe(true);
    }
  });
});
