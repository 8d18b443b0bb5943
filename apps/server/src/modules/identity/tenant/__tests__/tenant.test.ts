import type { ErrorBody as ErrBody } from '@tilth/contracts';
import { DEFAULT_THEME } from '@tilth/contracts/tenant.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, json, login, PASSWORD, startTestServer, type TestServer } from '../../../../test/harness.js';
import { createTenant, createUser } from '../../../demo/seed.helpers.js';
import { tenantDomains } from '../tenant.tables.js';

interface ThemeBody {
  open: 0 | 1;
  userId: number;
  theme: string;
  objectVersionNumber: number;
}
interface ScreenBody {
  id: number;
  screenName: string;
  screenImage: string | null;
  screenAddress: string;
  screenType: number;
  sort: number;
  objectVersionNumber: number;
}

let s: TestServer;
let tA: number;
let admin: string;
let operator: string;
let viewer: string;
let adminB: string;

beforeAll(async () => {
  s = await startTestServer();
  tA = s.fixtures.tenantA;
  admin = await login(s, 'adminA');
  operator = await login(s, 'operatorA');
  viewer = await login(s, 'viewerA');
  adminB = await login(s, 'adminB');
});
afterAll(async () => {
  await s?.close();
});

const en = { 'accept-language': 'en-US' };

describe('brand by domain', () => {
  it("answers Tilth's default brand to anyone, with tenant 0 and no match", async () => {
    const res = await s.inject({ method: 'GET', url: '/wfpf/v1/0/tenant/domain?domainName=localhost' });
    expect(res.statusCode).toBe(200);
    const brand = json<Record<string, string>>(res);
    expect(brand.loginTitle).toBe('Tilth 智慧农业');
    expect(Object.keys(brand).sort()).toEqual(
      [
        'copyright',
        'favicon',
        'loginBackgroundColor',
        'loginImage',
        'loginLogo',
        'loginTitle',
        'menuLogo',
        'subTitle',
        'titleLoginLogo',
        'workLogo',
      ].sort(),
    );
    const english = await s.inject({ method: 'GET', url: '/wfpf/v1/0/tenant/domain', headers: en });
    expect(json<Record<string, string>>(english).loginTitle).toBe('Tilth Smart Farming');
  });

  it("answers a registered deployment's brand, whatever the case and port of the host", async () => {
    await s.platform.database.db.insert(tenantDomains).values({
      domainName: 'farm-a.example.com',
      tenantId: tA,
      brand: { loginTitle: 'Farm A console', loginLogo: '/files/a.png', subTitle: '' },
    });
    const res = await s.inject({
      method: 'GET',
      url: '/wfpf/v1/0/tenant/domain?domainName=Farm-A.Example.com:8443',
    });
    expect(res.statusCode).toBe(200);
    const brand = json<Record<string, string>>(res);
    expect(brand).toMatchObject({ loginTitle: 'Farm A console', loginLogo: '/files/a.png' });
    // An empty field keeps the default.
    expect(brand.subTitle).not.toBe('');
  });

  it('answers 400 for an over-long domain', async () => {
    const res = await s.inject({
      method: 'GET',
      url: `/wfpf/v1/0/tenant/domain?domainName=${'a'.repeat(300)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(json<ErrBody>(res).message).toContain('domainName');
  });
});

describe('novice flag', () => {
  let tN: number;
  let newcomer: string;

  beforeAll(async () => {
    tN = await createTenant(s.platform.database, 'New farm', { noviceFlag: 1 });
    await createUser(s.platform.database, {
      loginName: 'newcomer',
      password: PASSWORD,
      realName: 'Newcomer',
      roles: [[tN, 'tenant-admin']],
    });
    newcomer = await login(s, 'newcomer');
  });

  const call = (what: 'check' | 'unlock', token: string, tenant: number) =>
    s.inject({ method: 'POST', url: `/wfpf/v1/${tenant}/tenant/novice/${what}`, headers: auth(token) });

  it('answers 1 for a new tenant and 0 for a set-up one', async () => {
    const res = await call('check', newcomer, tN);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('1');
    expect((await call('check', admin, tA)).body).toBe('0');
  });

  it('refuses strangers and anonymous callers', async () => {
    expect((await call('check', adminB, tN)).statusCode).toBe(403);
    expect((await call('unlock', adminB, tN)).statusCode).toBe(403);
    const anon = await s.inject({ method: 'POST', url: `/wfpf/v1/${tN}/tenant/novice/check` });
    expect(anon.statusCode).toBe(401);
  });

  it('is cleared by creating the first base', async () => {
    const base = await s.inject({
      method: 'POST',
      url: `/wfpf/v1/${tN}/area`,
      headers: auth(newcomer),
      payload: { areaName: 'First base', areaNum: 'B1' },
    });
    expect(base.statusCode).toBe(200);
    expect((await call('check', newcomer, tN)).body).toBe('0');
  });

  it('is cleared by unlock', async () => {
    const t2 = await createTenant(s.platform.database, 'Another new farm', { noviceFlag: 1 });
    await createUser(s.platform.database, {
      loginName: 'newcomer2',
      password: PASSWORD,
      realName: 'Newcomer 2',
      roles: [[t2, 'viewer']],
    });
    const token = await login(s, 'newcomer2');
    expect((await call('check', token, t2)).body).toBe('1');
    const res = await call('unlock', token, t2);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('0');
    expect((await call('check', token, t2)).body).toBe('0');
  });
});

describe('menu theme', () => {
  const get = (token: string) =>
    s.inject({ method: 'GET', url: `/wfpf/v1/${tA}/menu-theme`, headers: auth(token) });
  const save = (token: string, payload: Record<string, unknown>) =>
    s.inject({
      method: 'POST',
      url: `/wfpf/v1/${tA}/menu-theme`,
      headers: { ...auth(token), ...en },
      payload,
    });

  it('answers the defaults when nothing is saved', async () => {
    const res = await get(admin);
    expect(res.statusCode).toBe(200);
    const body = json<ThemeBody>(res);
    expect(body).toMatchObject({ open: 1, userId: s.fixtures.users.adminA.id, objectVersionNumber: 0 });
    expect(JSON.parse(body.theme)).toEqual({
      layout: 'float',
      themeColor: '#1b9961',
      backgroundColor: '#1b9961',
      follow: 0,
      fontColor: '#ffffff',
      menuWidth: 244,
      label: 1,
      labelIcon: 1,
      labelStyle: 'smooth',
      subfieldStyle: 'lengthway',
    });
  });

  it('saves per user; missing keys keep their values', async () => {
    const userId = s.fixtures.users.adminA.id;
    const theme = { ...DEFAULT_THEME, layout: 'lengthway', menuWidth: 266, themeColor: '#112233' };
    const res = await save(admin, { userId, theme: JSON.stringify(theme), open: 0 });
    expect(res.statusCode).toBe(200);
    expect(json<ThemeBody>(res)).toMatchObject({ open: 0, objectVersionNumber: 1 });
    const partial = await save(admin, { userId, theme: JSON.stringify({ label: 0 }) });
    expect(partial.statusCode).toBe(200);
    const got = json<ThemeBody>(await get(admin));
    expect(got.objectVersionNumber).toBe(2);
    expect(got.open).toBe(0);
    expect(JSON.parse(got.theme)).toEqual({ ...theme, label: 0 });
    // The viewer's theme is their own.
    expect(JSON.parse(json<ThemeBody>(await get(viewer)).theme)).toEqual(DEFAULT_THEME);
  });

  it('refuses a stale objectVersionNumber with 409', async () => {
    const userId = s.fixtures.users.adminA.id;
    const res = await save(admin, { userId, theme: '{"layout":"float"}', objectVersionNumber: 1 });
    expect(res.statusCode).toBe(409);
    expect(JSON.parse(json<ThemeBody>(await get(admin)).theme).layout).toBe('lengthway');
  });

  it("refuses to save another user's theme with 403", async () => {
    const res = await save(viewer, { userId: s.fixtures.users.adminA.id, theme: '{}' });
    expect(res.statusCode).toBe(403);
    expect(json<ErrBody>(res).code).toBe('wfpf.menuTheme.otherUser');
  });

  it.each([
    ['an unknown layout', { layout: 'diagonal' }, 'theme.layout'],
    ['a menu width not offered', { menuWidth: 250 }, 'theme.menuWidth'],
    ['a colour name', { themeColor: 'red' }, 'theme.themeColor'],
    ['a short colour', { fontColor: '#fff' }, 'theme.fontColor'],
    ['follow outside 0|1', { follow: 2 }, 'theme.follow'],
    ['an unknown tab style', { labelStyle: 'wavy' }, 'theme.labelStyle'],
    ['an unknown split style', { subfieldStyle: 'diagonal' }, 'theme.subfieldStyle'],
    ['an unknown key', { fancy: true }, 'fancy'],
  ])('answers 400 naming the field for %s', async (_what, theme, field) => {
    const res = await save(viewer, { userId: s.fixtures.users.viewerA.id, theme: JSON.stringify(theme) });
    expect(res.statusCode).toBe(400);
    expect(json<ErrBody>(res).message).toContain(field);
  });

  it('answers 400 for a theme that is not JSON or not an object', async () => {
    const userId = s.fixtures.users.viewerA.id;
    const bad = await save(viewer, { userId, theme: '{layout' });
    expect(bad.statusCode).toBe(400);
    expect(json<ErrBody>(bad).message).toContain('theme');
    expect((await save(viewer, { userId, theme: '[1,2]' })).statusCode).toBe(400);
    expect((await save(viewer, { userId, theme: 'null' })).statusCode).toBe(400);
  });

  it('refuses strangers', async () => {
    expect((await get(adminB)).statusCode).toBe(403);
  });
});

describe('tenant screens', () => {
  const url = () => `/wfpf/v1/${tA}/tenant-screen`;
  let screen: ScreenBody;

  it('lets the tenant admin add, edit and delete screens', async () => {
    const created = await s.inject({
      method: 'POST',
      url: url(),
      headers: auth(admin),
      payload: {
        screenName: ' Main screen ',
        screenImage: '/files/screen.png',
        screenAddress: 'https://bi.example.com/a',
      },
    });
    expect(created.statusCode).toBe(200);
    screen = json<ScreenBody>(created);
    expect(screen).toMatchObject({
      screenName: 'Main screen',
      screenType: 1,
      sort: 0,
      objectVersionNumber: 1,
    });

    const second = await s.inject({
      method: 'POST',
      url: url(),
      headers: auth(admin),
      payload: {
        screenName: 'Public board',
        screenAddress: 'https://bi.example.com/b',
        screenType: 2,
        sort: 5,
      },
    });
    expect(second.statusCode).toBe(200);

    const edited = await s.inject({
      method: 'PUT',
      url: url(),
      headers: auth(admin),
      payload: {
        id: screen.id,
        objectVersionNumber: 1,
        screenName: 'Main screen',
        screenAddress: 'https://bi.example.com/main',
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(json<ScreenBody>(edited)).toMatchObject({
      screenAddress: 'https://bi.example.com/main',
      objectVersionNumber: 2,
    });
    screen = json<ScreenBody>(edited);
  });

  it('lists screens to holders of the visualization code', async () => {
    const res = await s.inject({ method: 'GET', url: url(), headers: auth(operator) });
    expect(res.statusCode).toBe(200);
    const list = json<ScreenBody[]>(res);
    expect(list.map((x) => [x.screenName, x.screenType])).toEqual([
      ['Main screen', 1],
      ['Public board', 2],
    ]);
    expect(Object.keys(list[0] ?? {})).toEqual(
      expect.arrayContaining(['id', 'screenName', 'screenImage', 'screenAddress', 'screenType']),
    );
    // The viewer role holds no action codes, tenant-screen included.
    expect((await s.inject({ method: 'GET', url: url(), headers: auth(viewer) })).statusCode).toBe(403);
    expect((await s.inject({ method: 'GET', url: url(), headers: auth(adminB) })).statusCode).toBe(403);
  });

  it('refuses management to a farm operator', async () => {
    const res = await s.inject({
      method: 'POST',
      url: url(),
      headers: auth(operator),
      payload: { screenName: 'Nope', screenAddress: 'https://x.example.com' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers 400 for a script address, a blank name and an unknown type', async () => {
    const post = (payload: Record<string, unknown>) =>
      s.inject({ method: 'POST', url: url(), headers: auth(admin), payload });
    const script = await post({ screenName: 'X', screenAddress: 'javascript:alert(1)' });
    expect(script.statusCode).toBe(400);
    expect(json<ErrBody>(script).message).toContain('screenAddress');
    const blank = await post({ screenName: '  ', screenAddress: '/screen' });
    expect(json<ErrBody>(blank).message).toContain('screenName');
    expect((await post({ screenName: 'X', screenAddress: '/s', screenType: 3 })).statusCode).toBe(400);
  });

  it('answers 409 for a stale edit and 404 for an unknown screen', async () => {
    const stale = await s.inject({
      method: 'PUT',
      url: url(),
      headers: auth(admin),
      payload: { id: screen.id, objectVersionNumber: 1, screenName: 'Old', screenAddress: '/old' },
    });
    expect(stale.statusCode).toBe(409);
    const missing = await s.inject({
      method: 'PUT',
      url: url(),
      headers: auth(admin),
      payload: { id: 987_654, objectVersionNumber: 1, screenName: 'Old', screenAddress: '/old' },
    });
    expect(missing.statusCode).toBe(404);
    expect(
      (await s.inject({ method: 'DELETE', url: `${url()}/987654`, headers: auth(admin) })).statusCode,
    ).toBe(404);
  });

  it('deletes', async () => {
    expect(
      (await s.inject({ method: 'DELETE', url: `${url()}/${screen.id}`, headers: auth(operator) }))
        .statusCode,
    ).toBe(403);
    const res = await s.inject({ method: 'DELETE', url: `${url()}/${screen.id}`, headers: auth(admin) });
    expect(res.statusCode).toBe(200);
    const left = json<ScreenBody[]>(await s.inject({ method: 'GET', url: url(), headers: auth(admin) }));
    expect(left.map((x) => x.screenName)).toEqual(['Public board']);
  });
});
