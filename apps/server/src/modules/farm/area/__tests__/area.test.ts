import type { ErrorBody as ErrBody, Page as PageBody } from '@tilth/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  json,
  login,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';

interface AreaBody {
  areaId: number;
  areaName: string;
  areaNum: string | null;
  areaCenter: string | null;
  areaSize: number | null;
  defaultFlag: 0 | 1;
  organizationType: string;
  parentId: number | null;
  areaUsage: string;
  objectVersionNumber: number;
  creationDate: string;
}

let s: TestServer;
let tA: number;
let tB: number;
let tok: RoleTokens;

beforeAll(async () => {
  s = await startTestServer();
  tA = s.fixtures.tenantA;
  tB = s.fixtures.tenantB;
  tok = await signInRoles(s);
});
afterAll(async () => {
  await s?.close();
});

type Who = keyof typeof tok;
const en = { 'accept-language': 'en-US' };

const list = (who: Who, query = '', tenant = tA) =>
  s.inject({ method: 'GET', url: `/wfpf/v2/${tenant}/area${query}`, headers: auth(tok[who]) });
const create = (who: Who, payload: Record<string, unknown>, tenant = tA) =>
  s.inject({
    method: 'POST',
    url: `/wfpf/v1/${tenant}/area`,
    headers: { ...auth(tok[who]), ...en },
    payload,
  });
const update = (who: Who, payload: Record<string, unknown>) =>
  s.inject({ method: 'PUT', url: `/wfpf/v1/${tA}/area`, headers: { ...auth(tok[who]), ...en }, payload });
const remove = (who: Who, payload: Record<string, unknown>) =>
  s.inject({ method: 'DELETE', url: `/wfpf/v1/${tA}/area`, headers: { ...auth(tok[who]), ...en }, payload });
const getOne = (who: Who, id: number) =>
  s.inject({ method: 'GET', url: `/wfpf/v1/${tA}/area/${id}`, headers: auth(tok[who]) });
const all = async (): Promise<AreaBody[]> => json<PageBody<AreaBody>>(await list('admin', '?size=0')).content;
const defaults = async () => (await all()).filter((a) => a.defaultFlag === 1).map((a) => a.areaName);

describe('bases: create and validate', () => {
  let first: AreaBody;

  it('starts empty', async () => {
    const res = await list('viewer');
    expect(res.statusCode).toBe(200);
    expect(json<PageBody<AreaBody>>(res)).toMatchObject({ content: [], totalElements: 0, number: 0 });
  });

  it('makes the first base the default even when not asked, and answers every field', async () => {
    const res = await create('admin', {
      areaName: '  East farm  ',
      areaNum: 'EAST-01',
      areaUsage: 'plant',
      defaultFlag: 0,
      areaCenter: '30.25, 120.16',
      areaSize: 120.5,
    });
    expect(res.statusCode).toBe(200);
    first = json<AreaBody>(res);
    expect(first).toMatchObject({
      areaName: 'East farm',
      areaNum: 'EAST-01',
      areaCenter: '30.25,120.16',
      areaSize: 120.5,
      defaultFlag: 1,
      organizationType: 'area',
      parentId: null,
      areaUsage: 'plant',
      objectVersionNumber: 1,
    });
    expect(first.areaId).toBeGreaterThan(0);
    expect(Number.isNaN(Date.parse(first.creationDate))).toBe(false);
    const one = await getOne('viewer', first.areaId);
    expect(json<AreaBody>(one)).toEqual(first);
  });

  it('lets a farm operator create a base; the optional fields may be left out', async () => {
    const res = await create('operator', { areaName: 'Nursery', areaUsage: 'nurture' });
    expect(res.statusCode).toBe(200);
    expect(json<AreaBody>(res)).toMatchObject({ areaNum: null, areaCenter: null, defaultFlag: 0 });
  });

  it('refuses a viewer with 403 and changes nothing', async () => {
    const res = await create('viewer', { areaName: 'Viewer base' });
    expect(res.statusCode).toBe(403);
    expect((await all()).map((a) => a.areaName)).not.toContain('Viewer base');
  });

  it('refuses a member of another tenant on every base path', async () => {
    expect((await list('adminB')).statusCode).toBe(403);
    expect((await create('adminB', { areaName: 'Intruder' })).statusCode).toBe(403);
    expect((await getOne('adminB', first.areaId)).statusCode).toBe(403);
    expect(
      (await update('adminB', { areaId: first.areaId, objectVersionNumber: 1, areaName: 'x' })).statusCode,
    ).toBe(403);
    expect((await remove('adminB', { areaId: first.areaId })).statusCode).toBe(403);
    const def = await s.inject({
      method: 'GET',
      url: `/wfpf/v2/${tA}/area/default?areaId=${first.areaId}`,
      headers: auth(tok.adminB),
    });
    expect(def.statusCode).toBe(403);
  });

  it.each([
    ['a blank name', { areaName: '   ' }, 'areaName'],
    ['a 61-character name', { areaName: 'x'.repeat(61) }, 'areaName: text too long'],
    ['a code with spaces or symbols', { areaName: 'Ok', areaNum: 'a b!' }, 'areaNum'],
    ['a 61-character code', { areaName: 'Ok', areaNum: 'a'.repeat(61) }, 'areaNum: text too long'],
    ['a latitude out of range', { areaName: 'Ok', areaCenter: '91,10' }, 'areaCenter'],
    ['a centre that is not lat,lng', { areaName: 'Ok', areaCenter: 'here' }, 'areaCenter'],
    ['an unknown usage', { areaName: 'Ok', areaUsage: 'fish' }, 'areaUsage'],
    ['an unknown field', { areaName: 'Ok', colour: 'red' }, 'colour'],
    ['a missing name', { areaNum: 'X1' }, 'areaName'],
  ])('answers 400 naming the field for %s', async (_what, payload, field) => {
    const res = await create('admin', payload);
    expect(res.statusCode).toBe(400);
    expect(json<ErrBody>(res).message).toContain(field);
  });

  it('accepts a 60-character name', async () => {
    const res = await create('admin', { areaName: 'y'.repeat(60) });
    expect(res.statusCode).toBe(200);
  });

  it('answers 409 naming the clash for a duplicate name or code', async () => {
    const byName = await create('admin', { areaName: 'East farm' });
    expect(byName.statusCode).toBe(409);
    expect(json<ErrBody>(byName)).toMatchObject({ code: 'wfpf.area.nameExists' });
    expect(json<ErrBody>(byName).message).toContain('named "East farm"');
    const byNum = await create('admin', { areaName: 'Other', areaNum: 'EAST-01' });
    expect(byNum.statusCode).toBe(409);
    expect(json<ErrBody>(byNum)).toMatchObject({ code: 'wfpf.area.numExists' });
    expect(json<ErrBody>(byNum).message).toContain('code "EAST-01"');
    const zh = await s.inject({
      method: 'POST',
      url: `/wfpf/v1/${tA}/area`,
      headers: auth(tok.admin),
      payload: { areaName: 'East farm' },
    });
    expect(json<ErrBody>(zh).message).toBe('基地名称“East farm”已存在');
  });

  it('keeps names and codes per tenant: tenant B may reuse them and sees none of A', async () => {
    const res = await create('adminB', { areaName: 'East farm', areaNum: 'EAST-01' }, tB);
    expect(res.statusCode).toBe(200);
    expect(json<AreaBody>(res).defaultFlag).toBe(1);
    const bList = json<PageBody<AreaBody>>(await list('adminB', '?size=0', tB));
    expect(bList.content.map((a) => a.areaName)).toEqual(['East farm']);
    expect((await getOne('admin', json<AreaBody>(res).areaId)).statusCode).toBe(404);
  });

  it('checks the parent base', async () => {
    const res = await create('admin', { areaName: 'Orphan', parentId: 999_999 });
    expect(res.statusCode).toBe(400);
    expect(json<ErrBody>(res).message).toContain('parentId');
  });
});

describe('bases: update, default and delete', () => {
  const byName = async (name: string) => {
    const a = (await all()).find((x) => x.areaName === name);
    if (!a) throw new Error(`no base ${name}`);
    return a;
  };

  it('updates with the current version and refuses a stale one with 409, changing nothing', async () => {
    const east = await byName('East farm');
    const ok = await update('admin', {
      areaId: east.areaId,
      objectVersionNumber: east.objectVersionNumber,
      areaName: 'East farm',
      areaSize: 130,
    });
    expect(ok.statusCode).toBe(200);
    const updated = json<AreaBody>(ok);
    expect(updated).toMatchObject({
      areaSize: 130,
      areaNum: 'EAST-01',
      objectVersionNumber: east.objectVersionNumber + 1,
    });
    const stale = await update('admin', {
      areaId: east.areaId,
      objectVersionNumber: east.objectVersionNumber,
      areaName: 'Renamed',
    });
    expect(stale.statusCode).toBe(409);
    expect(json<ErrBody>(stale).code).toBe('error.objectVersionNumber.stale');
    expect((await byName('East farm')).objectVersionNumber).toBe(updated.objectVersionNumber);
  });

  it('answers 404 for an unknown base and 409 for a rename onto another name or code', async () => {
    expect((await getOne('admin', 987_654)).statusCode).toBe(404);
    const missing = await update('admin', { areaId: 987_654, objectVersionNumber: 1, areaName: 'x' });
    expect(missing.statusCode).toBe(404);
    const nursery = await byName('Nursery');
    const clash = await update('admin', {
      areaId: nursery.areaId,
      objectVersionNumber: nursery.objectVersionNumber,
      areaName: 'Nursery',
      areaNum: 'EAST-01',
    });
    expect(clash.statusCode).toBe(409);
    expect(json<ErrBody>(clash).code).toBe('wfpf.area.numExists');
  });

  it('refuses edits and deletes without the base codes', async () => {
    const east = await byName('East farm');
    const res = await update('viewer', {
      areaId: east.areaId,
      objectVersionNumber: east.objectVersionNumber,
      areaName: 'Mine',
    });
    expect(res.statusCode).toBe(403);
    expect((await remove('viewer', { areaId: east.areaId })).statusCode).toBe(403);
  });

  it('keeps exactly one default: creating with defaultFlag 1, the default call and PUT move it', async () => {
    expect(await defaults()).toEqual(['East farm']);
    const west = json<AreaBody>(await create('admin', { areaName: 'West farm', defaultFlag: 1 }));
    expect(west.defaultFlag).toBe(1);
    expect(await defaults()).toEqual(['West farm']);
    // Listing puts the default first.
    expect((await all())[0]?.areaName).toBe('West farm');

    const nursery = await byName('Nursery');
    const def = await s.inject({
      method: 'GET',
      url: `/wfpf/v2/${tA}/area/default?areaId=${nursery.areaId}`,
      headers: auth(tok.viewer),
    });
    expect(def.statusCode).toBe(200);
    expect(json<AreaBody>(def)).toMatchObject({ areaId: nursery.areaId, defaultFlag: 1 });
    expect(await defaults()).toEqual(['Nursery']);

    const east = await byName('East farm');
    const put = await update('admin', {
      areaId: east.areaId,
      objectVersionNumber: east.objectVersionNumber,
      areaName: 'East farm',
      defaultFlag: 1,
    });
    expect(put.statusCode).toBe(200);
    expect(await defaults()).toEqual(['East farm']);

    const unknown = await s.inject({
      method: 'GET',
      url: `/wfpf/v2/${tA}/area/default?areaId=987654`,
      headers: auth(tok.admin),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses to clear the flag of the default base', async () => {
    const east = await byName('East farm');
    const res = await update('admin', {
      areaId: east.areaId,
      objectVersionNumber: east.objectVersionNumber,
      areaName: 'East farm',
      defaultFlag: 0,
    });
    expect(res.statusCode).toBe(409);
    expect(json<ErrBody>(res).code).toBe('wfpf.area.defaultRequired');
  });

  it('refuses a parent loop and deleting a base that has units under it', async () => {
    const east = await byName('East farm');
    // Spec 03 §5 (ADR 0011): a base holds departments, not bases; the child is added through the tree.
    const made = await s.inject({
      method: 'POST',
      url: `/wfpf/v1/${tA}/organization`,
      headers: auth(tok.admin),
      payload: { name: 'East block 1', organizationType: 'department', parentId: east.areaId },
    });
    expect(made.statusCode, made.body).toBe(200);
    const child = { areaId: json<{ id: number; parentId: number }>(made).id };
    expect(json<{ parentId: number }>(made).parentId).toBe(east.areaId);
    const baseUnderBase = await create('admin', { areaName: 'East block 2', parentId: east.areaId });
    expect(baseUnderBase.statusCode).toBe(400);
    expect(json<ErrBody>(baseUnderBase).code).toBe('wfpf.area.parentType');
    const loop = await update('admin', {
      areaId: east.areaId,
      objectVersionNumber: east.objectVersionNumber,
      areaName: 'East farm',
      parentId: child.areaId,
    });
    expect(loop.statusCode).toBe(400);
    expect(json<ErrBody>(loop).code).toBe('wfpf.area.parentCycle');
    const del = await remove('admin', { areaId: east.areaId });
    expect(del.statusCode).toBe(409);
    expect(json<ErrBody>(del).code).toBe('wfpf.area.hasChildren');
    const gone = await s.inject({
      method: 'DELETE',
      url: `/wfpf/v1/${tA}/organization/${child.areaId}`,
      headers: auth(tok.admin),
    });
    expect(gone.statusCode).toBe(200);
  });

  it('moves the default to the oldest remaining base when the default is deleted', async () => {
    const east = await byName('East farm');
    const stale = await remove('admin', {
      areaId: east.areaId,
      objectVersionNumber: east.objectVersionNumber - 1,
    });
    expect(stale.statusCode).toBe(409);
    const res = await remove('admin', { areaId: east.areaId, objectVersionNumber: east.objectVersionNumber });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ success: true });
    // Nursery was created right after East farm.
    expect(await defaults()).toEqual(['Nursery']);
    expect((await getOne('admin', east.areaId)).statusCode).toBe(404);
    expect((await remove('admin', { areaId: east.areaId })).statusCode).toBe(404);
  });
});

describe('bases: listing', () => {
  it('pages (0-based) and answers all with size=0', async () => {
    for (const n of ['Plot Alpha', 'Plot Beta', 'Plot Gamma', '100%_pure']) {
      expect((await create('admin', { areaName: n })).statusCode).toBe(200);
    }
    const total = (await all()).length;
    const p1 = json<PageBody<AreaBody>>(await list('viewer', '?page=1&size=2'));
    expect(p1).toMatchObject({ number: 1, size: 2, totalElements: total, totalPages: Math.ceil(total / 2) });
    expect(p1.content).toHaveLength(2);
    const every = json<PageBody<AreaBody>>(await list('viewer', '?size=0'));
    expect(every.content).toHaveLength(total);
    expect(every).toMatchObject({ totalElements: total, totalPages: 1, number: 0 });
    expect(every.content[0]?.defaultFlag).toBe(1);
  });

  it('filters by name, contains and any case, with % and _ taken literally', async () => {
    const plots = json<PageBody<AreaBody>>(await list('viewer', '?size=0&areaName=plot'));
    expect(plots.content.map((a) => a.areaName)).toEqual(['Plot Alpha', 'Plot Beta', 'Plot Gamma']);
    const pct = json<PageBody<AreaBody>>(
      await list('viewer', `?size=0&areaName=${encodeURIComponent('%_')}`),
    );
    expect(pct.content.map((a) => a.areaName)).toEqual(['100%_pure']);
    const typed = json<PageBody<AreaBody>>(
      await list('viewer', '?size=0&organizationType=area&areaName=beta'),
    );
    expect(typed.totalElements).toBe(1);
  });

  it('answers 400 for a bad page or size', async () => {
    expect((await list('viewer', '?page=-1')).statusCode).toBe(400);
    expect((await list('viewer', '?size=abc')).statusCode).toBe(400);
  });

  it('lists every base to base managers under /area/admin and none to a viewer', async () => {
    const admin = await s.inject({
      method: 'GET',
      url: `/wfpf/v1/${tA}/area/admin`,
      headers: auth(tok.admin),
    });
    expect(admin.statusCode).toBe(200);
    expect(json<AreaBody[]>(admin)).toHaveLength((await all()).length);
    const viewer = await s.inject({
      method: 'GET',
      url: `/wfpf/v1/${tA}/area/admin`,
      headers: auth(tok.viewer),
    });
    expect(json<AreaBody[]>(viewer)).toEqual([]);
  });

  it('needs a token', async () => {
    const res = await s.inject({ method: 'GET', url: `/wfpf/v2/${tA}/area` });
    expect(res.statusCode).toBe(401);
  });
});

describe('bases: concurrent writes', () => {
  it('leaves exactly one default and no duplicate when requests race', async () => {
    const racing = await Promise.all(
      Array.from({ length: 6 }, (_, i) => create('admin', { areaName: `Race ${i % 3}`, defaultFlag: 1 })),
    );
    const codes = racing.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 409, 409, 409]);
    expect(await defaults()).toHaveLength(1);
    const names = (await all()).map((a) => a.areaName).filter((n) => n.startsWith('Race'));
    expect(names.sort()).toEqual(['Race 0', 'Race 1', 'Race 2']);
  });
});

describe('deleting a base with plots', () => {
  it('is refused with 409 until its plots are gone', async () => {
    const token = auth(await login(s, 'adminA'));
    const A = s.fixtures.tenantA;
    const base = (
      await s.inject({
        method: 'POST',
        url: `/wfpf/v1/${A}/area`,
        headers: token,
        payload: { areaName: 'Base with plots' },
      })
    ).json() as { areaId: number };
    const plot = await s.inject({
      method: 'POST',
      url: `/wfpf/v1/${A}/land`,
      headers: token,
      payload: { areaId: base.areaId, landName: 'Plot 1' },
    });
    expect(plot.statusCode, plot.body).toBe(200);
    const refused = await s.inject({
      method: 'DELETE',
      url: `/wfpf/v1/${A}/area`,
      headers: token,
      payload: { areaId: base.areaId },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'wfpf.area.hasPlots' });
    const landId = (plot.json() as { landId: number }).landId;
    await s.inject({ method: 'DELETE', url: `/wfpf/v1/${A}/land`, headers: token, payload: { landId } });
    const ok = await s.inject({
      method: 'DELETE',
      url: `/wfpf/v1/${A}/area`,
      headers: token,
      payload: { areaId: base.areaId },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
