import type { ErrorBody, Page } from '@tilth/contracts';
import type { Corporation } from '@tilth/contracts/corporation.types';
import type { OrgTreeNode } from '@tilth/contracts/organization.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  json,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';

let s: TestServer;
let tA: number;
let tok: RoleTokens;
let rootId: number;
type Who = keyof RoleTokens;
const en = { 'accept-language': 'en-US' };
const url = (t = tA) => `/wfpf/v1/${t}/corporation`;
const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
  s.inject({
    method,
    url: path,
    headers: { ...auth(tok[who]), ...en },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const code = (res: { body: string }) => (JSON.parse(res.body) as ErrorBody).code;
const page = async (query = '') => json<Page<Corporation>>(await call('admin', 'GET', `${url()}${query}`));

// GB 32100-2015 example codes; the last character is the check.
const VALID = '91350100M000100Y43';
const VALID_2 = '91110000600037341L';
const ONE_OFF = '91350100M000100Y44';

beforeAll(async () => {
  s = await startTestServer();
  tA = s.fixtures.tenantA;
  tok = await signInRoles(s);
  const tree = json<OrgTreeNode[]>(await call('admin', 'GET', `/wfpf/v1/${tA}/organization/tree`));
  rootId = tree[0]?.id ?? 0;
});
afterAll(async () => {
  await s?.close();
});

describe('companies', () => {
  let made: Corporation;

  it('starts with no company', async () => {
    expect(await page()).toMatchObject({ content: [], totalElements: 0 });
  });

  it('creates the company unit and its legal data in one call', async () => {
    const res = await call('admin', 'POST', url(), {
      parentId: rootId,
      name: ' Demo Agri Ltd ',
      creditCode: VALID.toLowerCase(),
      legalRepresentative: 'Zhang San',
      address: 'Fuzhou',
      contactName: 'Li Si',
      contactPhone: '0591-1234567',
      logoUrl: '/hfle/v1/101/files/1/file',
    });
    expect(res.statusCode, res.body).toBe(200);
    made = json<Corporation>(res);
    expect(made).toMatchObject({
      name: 'Demo Agri Ltd',
      creditCode: VALID,
      parentId: rootId,
      parentName: 'Farm A',
      legalRepresentative: 'Zhang San',
      objectVersionNumber: 1,
    });
    const tree = json<OrgTreeNode[]>(await call('admin', 'GET', `/wfpf/v1/${tA}/organization/tree`));
    expect(tree[0]?.children.map((c) => [c.name, c.organizationType])).toEqual([
      ['Demo Agri Ltd', 'company'],
    ]);
    expect(json<Corporation>(await call('admin', 'GET', `${url()}/${made.id}`))).toEqual(made);
  });

  it('refuses a credit code one character off the checksum, naming the field, adding nothing', async () => {
    const res = await call('admin', 'POST', url(), { parentId: rootId, name: 'Bad', creditCode: ONE_OFF });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).message).toContain('creditCode');
    const short = await call('admin', 'POST', url(), { parentId: rootId, name: 'Bad', creditCode: '9135' });
    expect(short.statusCode).toBe(400);
    expect((await page()).totalElements).toBe(1);
  });

  it('refuses a credit code another company holds, and a company under a base', async () => {
    const dup = await call('admin', 'POST', url(), { parentId: rootId, name: 'Twin', creditCode: VALID });
    expect([dup.statusCode, code(dup)]).toEqual([409, 'wfpf.corporation.creditCodeExists']);
    const base = await call('admin', 'POST', `/wfpf/v1/${tA}/area`, { areaName: 'A base' });
    const underBase = await call('admin', 'POST', url(), {
      parentId: json<{ areaId: number }>(base).areaId,
      name: 'Under base',
      creditCode: VALID_2,
    });
    expect([underBase.statusCode, code(underBase)]).toEqual([400, 'wfpf.organization.companyParent']);
    expect((await page()).totalElements).toBe(1);
  });

  it('edits with the current version, refuses a stale one, and pages with a name filter', async () => {
    const ok = await call('admin', 'PUT', url(), { ...made, name: 'Demo Agri Co', address: 'Xiamen' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json<Corporation>(ok)).toMatchObject({
      name: 'Demo Agri Co',
      address: 'Xiamen',
      objectVersionNumber: 2,
    });
    const stale = await call('admin', 'PUT', url(), { ...made, name: 'Stale' });
    expect(stale.statusCode).toBe(409);
    const second = await call('admin', 'POST', url(), {
      parentId: rootId,
      name: 'Other Co',
      creditCode: VALID_2,
    });
    expect(second.statusCode, second.body).toBe(200);
    expect((await page('?name=agri')).content.map((c) => c.name)).toEqual(['Demo Agri Co']);
    expect(await page('?page=1&size=1')).toMatchObject({ totalElements: 2, totalPages: 2, number: 1 });
  });

  it('deletes like a unit: refused with the reason while it has children, then gone', async () => {
    const child = await call('admin', 'POST', `/wfpf/v1/${tA}/organization`, {
      name: 'Finance',
      organizationType: 'department',
      parentId: made.id,
    });
    const refused = await call('admin', 'DELETE', `${url()}/${made.id}`);
    expect([refused.statusCode, code(refused)]).toEqual([409, 'wfpf.organization.hasChildren']);
    expect(JSON.parse(refused.body).message).toContain('Demo Agri Co');
    await call('admin', 'DELETE', `/wfpf/v1/${tA}/organization/${json<OrgTreeNode>(child).id}`);
    expect((await call('admin', 'DELETE', `${url()}/${made.id}`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', `${url()}/${made.id}`)).statusCode).toBe(404);
    // The root is no company.
    expect((await call('admin', 'DELETE', `${url()}/${rootId}`)).statusCode).toBe(404);
  });

  it('refuses roles without the codes and other tenants', async () => {
    expect((await call('viewer', 'GET', url())).statusCode).toBe(403);
    expect((await call('adminB', 'GET', url())).statusCode).toBe(403);
    const other = (await page()).content[0];
    expect((await call('adminB', 'GET', `${url(s.fixtures.tenantB)}/${other?.id}`)).statusCode).toBe(404);
  });
});
