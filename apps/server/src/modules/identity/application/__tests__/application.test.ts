import type { ErrorBody, Page } from '@tilth/contracts';
import type { Application, ApplicationWithSecret } from '@tilth/contracts/application.types';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  json,
  login,
  RATE_LIMITS_LIFTED,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { TELEMETRY_ACCESS } from '../../../iot/telemetry/telemetry.service.js';

// Applications and the client-credentials grant (issue 13 item 6). Many grants come from one address here,
// so the sign-in limit is lifted; its own test below runs with a small limit.

let s: TestServer;
let tA: number;
let tB: number;
let tok: RoleTokens;
const en = { 'accept-language': 'en-US' };
const appUrl = (t = tA) => `/wfpf/v1/${t}/application`;
const READ = 'wfpf.company.system.corporation';
const APP_READ = 'wfpf.company.system.application';
const APP_CREATE = 'wfpf.company.system.application.ps.create';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: unknown, remoteAddress?: string) =>
  s.inject({
    method,
    url,
    headers: { ...auth(token), ...en },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const admin = (method: Method, url: string, payload?: unknown) => call(tok.admin, method, url, payload);
const code = (res: { body: string }) => (JSON.parse(res.body) as ErrorBody).code;

const grant = (clientId: string, clientSecret: string, remoteAddress = '127.0.0.1') =>
  s.inject({
    method: 'POST',
    url: '/oauth/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...en },
    payload: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
    }).toString(),
    remoteAddress,
  });

const create = async (body: Record<string, unknown>): Promise<ApplicationWithSecret> => {
  const res = await admin('POST', appUrl(), { ipAllowList: [], expiresAt: null, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return json<ApplicationWithSecret>(res);
};
const tokenOf = async (a: ApplicationWithSecret, remoteAddress?: string): Promise<string> => {
  const res = await grant(a.application.appId, a.clientSecret, remoteAddress);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ access_token: string }>(res).access_token;
};
const current = async (id: number) => json<Application>(await admin('GET', `${appUrl()}/${id}`));
const readCompanies = (token: string, remoteAddress?: string) =>
  call(token, 'GET', `/wfpf/v1/${tA}/corporation`, undefined, remoteAddress);

beforeAll(async () => {
  s = await startTestServer(RATE_LIMITS_LIFTED);
  tA = s.fixtures.tenantA;
  tB = s.fixtures.tenantB;
  tok = await signInRoles(s);
});
afterAll(async () => {
  await s?.close();
});

describe('applications', () => {
  it('answers the secret once on create; list and detail never show it', async () => {
    const made = await create({ name: 'ERP link', description: 'nightly', scopes: [READ] });
    expect(made.clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(made.application).toMatchObject({
      name: 'ERP link',
      scopes: [READ],
      enabled: true,
      secretGeneration: 1,
    });
    expect(made.application.appId).toMatch(new RegExp(`^app_${tA}_[0-9a-f]{24}$`));
    const list = await admin('GET', `${appUrl()}?name=erp`);
    const page = json<Page<Application>>(list);
    expect(page.content.map((a) => a.id)).toEqual([made.application.id]);
    for (const body of [list.body, (await admin('GET', `${appUrl()}/${made.application.id}`)).body]) {
      expect(body).not.toContain(made.clientSecret);
      expect(body).not.toMatch(/secret(Hash)?"/i);
    }
    // The audit log has the change, never the secret.
    const rows = await s.platform.database.withTenant(tA, (db) =>
      db.execute(sql`select action, after::text as after from audit_log where target_type = 'application'`),
    );
    const entries = (rows as unknown as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[]);
    expect(JSON.stringify(entries)).toContain('application.create');
    expect(JSON.stringify(entries)).not.toContain(made.clientSecret);
  });

  it('filters by enabled and pages', async () => {
    const off = await create({ name: 'Filter me', scopes: [] });
    await admin('POST', `${appUrl()}/${off.application.id}/enabled`, {
      enabled: false,
      objectVersionNumber: off.application.objectVersionNumber,
    });
    const disabled = json<Page<Application>>(await admin('GET', `${appUrl()}?enabled=false`));
    expect(disabled.content.map((a) => a.name)).toEqual(['Filter me']);
    const one = json<Page<Application>>(await admin('GET', `${appUrl()}?size=1&page=0`));
    expect(one.content).toHaveLength(1);
    expect(one.totalElements).toBeGreaterThanOrEqual(2);
  });
});

describe('the client-credentials grant and calls with its token', () => {
  let app: ApplicationWithSecret;
  let token: string;

  beforeAll(async () => {
    app = await create({ name: 'Reader', scopes: [READ] });
    token = await tokenOf(app);
  });

  it('gives a short-lived token without refresh token naming app, tenant and generation', async () => {
    const res = await grant(app.application.appId, app.clientSecret);
    const body = json<Record<string, unknown>>(res);
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: READ });
    expect(body.refresh_token).toBeUndefined();
    const [, payload = ''] = String(body.access_token).split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: app.application.appId, tid: tA, gen: 1, typ: 'client' });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
    expect((await current(app.application.id)).lastUsedAt).not.toBeNull();
  });

  it('reads with its read scope and gets 403 on a write or a page outside its scopes', async () => {
    expect((await readCompanies(token)).statusCode).toBe(200);
    const write = await call(token, 'POST', `/wfpf/v1/${tA}/corporation`, { parentId: 1, name: 'X' });
    expect(write.statusCode).toBe(403);
    expect((await call(token, 'GET', appUrl())).statusCode).toBe(403);
  });

  it('gets 403 on another tenant and on routes open to any signed-in person', async () => {
    expect((await call(token, 'GET', `/wfpf/v1/${tB}/corporation`)).statusCode).toBe(403);
    expect((await call(token, 'GET', '/iam/stong/v1/users/self')).statusCode).toBe(403);
    expect((await call(token, 'PUT', '/iam/stong/v1/users/password', { password: 'x' })).statusCode).toBe(
      403,
    );
    expect((await call(token, 'PUT', `/iam/stong/v1/users/default-tenant?tenantId=${tA}`)).statusCode).toBe(
      403,
    );
    expect((await call(token, 'GET', `/iam/v1/${tA}/permissions`)).statusCode).toBe(403);
  });

  it('refuses a wrong secret, an unknown or malformed id alike with one 401', async () => {
    const wrong = await grant(app.application.appId, `${app.clientSecret.slice(0, -1)}x`);
    const unknown = await grant(`app_${tA}_${'0'.repeat(24)}`, app.clientSecret);
    const malformed = await grant('nonsense', app.clientSecret);
    const missing = await grant(app.application.appId, '');
    for (const r of [wrong, unknown, malformed, missing]) {
      expect(r.statusCode).toBe(401);
      expect(r.body).toBe(wrong.body);
    }
    expect(code(wrong)).toBe('hoth.warn.clientCredentialsIncorrect');
  });

  it('rotate: the old secret and a token issued before are refused at once; the new secret works', async () => {
    const a = await create({ name: 'Rotated', scopes: [READ] });
    const before = await tokenOf(a);
    const res = await admin('POST', `${appUrl()}/${a.application.id}/rotate`, {
      objectVersionNumber: a.application.objectVersionNumber,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rotated = json<ApplicationWithSecret>(res);
    expect(rotated.clientSecret).not.toBe(a.clientSecret);
    expect(rotated.application.secretGeneration).toBe(2);
    expect((await readCompanies(before)).statusCode).toBe(401);
    expect((await grant(a.application.appId, a.clientSecret)).statusCode).toBe(401);
    expect((await readCompanies(await tokenOf(rotated))).statusCode).toBe(200);
  });

  it('disable and delete: its token gets 401 at once, and no new token', async () => {
    const a = await create({ name: 'Revoked', scopes: [READ] });
    const t = await tokenOf(a);
    expect((await readCompanies(t)).statusCode).toBe(200);
    const off = await admin('POST', `${appUrl()}/${a.application.id}/enabled`, {
      enabled: false,
      objectVersionNumber: a.application.objectVersionNumber,
    });
    expect(json<Application>(off).enabled).toBe(false);
    expect((await readCompanies(t)).statusCode).toBe(401);
    expect((await grant(a.application.appId, a.clientSecret)).statusCode).toBe(401);
    const on = await admin('POST', `${appUrl()}/${a.application.id}/enabled`, {
      enabled: true,
      objectVersionNumber: json<Application>(off).objectVersionNumber,
    });
    expect(on.statusCode).toBe(200);
    const t2 = await tokenOf(a);
    expect((await readCompanies(t2)).statusCode).toBe(200);
    expect((await admin('DELETE', `${appUrl()}/${a.application.id}`)).statusCode).toBe(200);
    expect((await readCompanies(t2)).statusCode).toBe(401);
    expect((await grant(a.application.appId, a.clientSecret)).statusCode).toBe(401);
    expect((await admin('GET', `${appUrl()}/${a.application.id}`)).statusCode).toBe(404);
  });

  it('expired: no token, and a token issued before the expiry is refused', async () => {
    const a = await create({ name: 'Expiring', scopes: [READ], expiresAt: '2099-01-01T00:00:00+08:00' });
    const t = await tokenOf(a);
    const res = await admin('PUT', appUrl(), {
      ...a.application,
      expiresAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await readCompanies(t)).statusCode).toBe(401);
    expect((await grant(a.application.appId, a.clientSecret)).statusCode).toBe(401);
  });

  it('checks the caller address against the allow-list, IPv4 and IPv6, on the grant and every call', async () => {
    const a = await create({
      name: 'Allow-listed',
      scopes: [READ],
      ipAllowList: ['10.1.2.0/24', '2001:DB8::/32'],
    });
    expect(a.application.ipAllowList).toEqual(['10.1.2.0/24', '2001:db8::/32']);
    expect((await grant(a.application.appId, a.clientSecret, '127.0.0.1')).statusCode).toBe(401);
    expect((await grant(a.application.appId, a.clientSecret, '10.1.3.1')).statusCode).toBe(401);
    const t = await tokenOf(a, '10.1.2.7');
    expect((await readCompanies(t, '10.1.2.200')).statusCode).toBe(200);
    expect((await readCompanies(t, '::ffff:10.1.2.9')).statusCode).toBe(200);
    expect((await readCompanies(t, '127.0.0.1')).statusCode).toBe(401);
    const t6 = await tokenOf(a, '2001:db8:1::5');
    expect((await readCompanies(t6, '2001:db8::9')).statusCode).toBe(200);
    expect((await readCompanies(t6, '2001:db9::9')).statusCode).toBe(401);
  });

  it('acts within its scopes: it grants only codes it holds, and the audit log names it', async () => {
    const manager = await create({ name: 'Manager', scopes: [APP_READ, APP_CREATE, READ] });
    const t = await tokenOf(manager);
    const wider = await call(t, 'POST', appUrl(), { name: 'Wider', scopes: ['wfpf.company.system.role'] });
    expect(wider.statusCode).toBe(400);
    expect(code(wider)).toBe('hiam.warn.application.scopeNotHeld');
    const ok = await call(t, 'POST', appUrl(), { name: 'Narrower', scopes: [READ] });
    expect(ok.statusCode, ok.body).toBe(200);
    const rows = await s.platform.database.withTenant(tA, (db) =>
      db.execute(
        sql`select actor_kind, actor_name from audit_log where action = 'application.create' and target_name = 'Narrower'`,
      ),
    );
    const entries = (rows as unknown as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[]);
    expect(entries).toEqual([{ actor_kind: 'application', actor_name: 'Manager' }]);
  });
});

describe("an application's live stream", () => {
  it('ends at once when the application is disabled', async () => {
    const scope = TELEMETRY_ACCESS[0] ?? '';
    const a = await create({ name: 'Streamer', scopes: [scope] });
    const t = await tokenOf(a);
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = s.app.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : 0;
    const abort = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/wfpe/v1/${tA}/device/stream`, {
      headers: auth(t),
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    if (!res.body) throw new Error('no body');
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes(': connected')) text += (await reader.read()).value ?? '';
    const ended = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return text;
        text += value;
      }
    })();
    await admin('POST', `${appUrl()}/${a.application.id}/enabled`, {
      enabled: false,
      objectVersionNumber: a.application.objectVersionNumber,
    });
    const out = await Promise.race([
      ended,
      new Promise<string>((resolve) => setTimeout(() => resolve('still open'), 3000).unref()),
    ]);
    abort.abort();
    expect(out).toContain('"reason":"revoked"');
  });
});

describe('bad input and other tenants', () => {
  it('refuses an unknown scope, a bad CIDR and a stale version with nothing changed', async () => {
    const unknown = await admin('POST', appUrl(), { name: 'Bad scope', scopes: ['no.such.code'] });
    expect(unknown.statusCode).toBe(400);
    expect(json<ErrorBody>(unknown).message).toContain('no.such.code');
    for (const entry of ['10.0.0.0/33', '300.1.1.1', '10.0.0.1/8/1', 'fe80::1::2', 'example.com']) {
      const bad = await admin('POST', appUrl(), { name: 'Bad CIDR', scopes: [], ipAllowList: [entry] });
      expect(bad.statusCode, entry).toBe(400);
      expect(json<ErrorBody>(bad).message).toContain('ipAllowList');
    }
    const names = json<Page<Application>>(await admin('GET', `${appUrl()}?size=0`)).content.map(
      (a) => a.name,
    );
    expect(names).not.toContain('Bad scope');
    expect(names).not.toContain('Bad CIDR');

    const a = await create({ name: 'Versioned', scopes: [] });
    const first = await admin('PUT', appUrl(), { ...a.application, name: 'Versioned 2' });
    expect(first.statusCode).toBe(200);
    const stale = await admin('PUT', appUrl(), { ...a.application, name: 'Versioned 3' });
    expect(stale.statusCode).toBe(409);
    const staleRotate = await admin('POST', `${appUrl()}/${a.application.id}/rotate`, {
      objectVersionNumber: a.application.objectVersionNumber,
    });
    expect(staleRotate.statusCode).toBe(409);
    expect(await current(a.application.id)).toMatchObject({ name: 'Versioned 2', secretGeneration: 1 });
    const dup = await admin('POST', appUrl(), { name: 'Versioned 2', scopes: [] });
    expect(dup.statusCode).toBe(409);
  });

  it('needs the write codes: the viewer may not create', async () => {
    const res = await call(tok.viewer, 'POST', appUrl(), { name: 'Viewer app', scopes: [] });
    expect(res.statusCode).toBe(403);
  });

  it("another tenant's administrator sees nothing of them", async () => {
    const a = await create({ name: 'Private', scopes: [] });
    expect((await call(tok.adminB, 'GET', appUrl())).statusCode).toBe(403);
    const own = json<Page<Application>>(await call(tok.adminB, 'GET', appUrl(tB)));
    expect(own.content).toEqual([]);
    expect((await call(tok.adminB, 'GET', `${appUrl(tB)}/${a.application.id}`)).statusCode).toBe(404);
    expect((await call(tok.adminB, 'DELETE', `${appUrl(tB)}/${a.application.id}`)).statusCode).toBe(404);
    expect((await current(a.application.id)).name).toBe('Private');
  });
});

describe('a disabled tenant', () => {
  it("refuses its applications' grant and tokens until it is enabled again", async () => {
    const made = await create({ name: 'Paused link', scopes: [READ] });
    const token = await tokenOf(made);
    expect((await readCompanies(token)).statusCode).toBe(200);
    const platform = auth(await login(s, 'platform'));
    const toggle = async (enabled: boolean) => {
      const t = json<{ objectVersionNumber: number }>(
        await s.inject({ method: 'GET', url: `/wfpf/v1/platform/tenants/${tA}`, headers: platform }),
      );
      const res = await s.inject({
        method: 'PUT',
        url: `/wfpf/v1/platform/tenants/${tA}/enabled`,
        headers: platform,
        payload: { enabled, objectVersionNumber: t.objectVersionNumber },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await toggle(false);
    try {
      expect((await readCompanies(token)).statusCode).toBe(401);
      expect((await grant(made.application.appId, made.clientSecret)).statusCode).toBe(401);
    } finally {
      await toggle(true);
    }
    expect((await readCompanies(token)).statusCode).toBe(200);
  });
});

describe('grant throttling', () => {
  let p: TestServer;
  beforeAll(async () => {
    p = await startTestServer({ TILTH_RATE_LIMIT_SIGN_IN: '3/60' });
  });
  afterAll(async () => {
    await p?.close();
  });

  it('limits client-credentials grants per address like password grants', async () => {
    const ask = () =>
      p.inject({
        method: 'POST',
        url: '/oauth/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `grant_type=client_credentials&client_id=app_${p.fixtures.tenantA}_${'1'.repeat(24)}&client_secret=x`,
        remoteAddress: '192.0.2.10',
      });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await ask()).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
  });
});
