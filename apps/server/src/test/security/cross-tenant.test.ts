import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendToChain } from '../../modules/trace/chain/index.js';
import type { TenantCtx } from '../../platform/http/context.js';
import { auth, login, startTestServer, type TestServer } from '../harness.js';
import { fillPath, isOwnApiRoute } from '../routes.js';
import { insertVrRows, type VrRows } from './vr-rows.js';

let s: TestServer;
let tokenA: string;
let tokenB: string;
const MARK = 'SECRETA';
/** Ids of tenant A's objects, by the path parameter names they could be replayed in. */
const idsOfA: { id: (string | number)[]; userId: number[] } = { id: [], userId: [] };
const created: Record<string, number | string> = {};
/** Tenant A's published tour: its own path parameters (vrId, scenesId, token …) are replayed with real ids. */
let vrA: VrRows;
/** Tenant A's first ledger transaction (block 1), its meta marked. */
let txA = '';
const named = (id: string | number) => ({
  id,
  userId: idsOfA.userId[0] ?? 1,
  vrId: vrA.vrId,
  scenesId: vrA.scenesId,
  panoramaId: vrA.panoramaId,
  assetKey: vrA.assetKey,
  token: vrA.token,
  name: 'hs-1',
  level: 0,
  tile: '0_0.jpg',
  height: 1,
  txHash: txA,
  knowledgeId: created.pest ?? 1,
});

const call = (token: string, method: string, url: string, payload?: unknown) =>
  s.inject({
    method: method as 'GET',
    url,
    headers: auth(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

beforeAll(async () => {
  s = await startTestServer();
  tokenA = await login(s, 'adminA');
  tokenB = await login(s, 'adminB');
  const A = s.fixtures.tenantA;
  const area = await call(tokenA, 'POST', `/wfpf/v1/${A}/area`, {
    areaName: `${MARK} base`,
    areaNum: `${MARK}1`,
  });
  expect(area.statusCode).toBe(200);
  created.area = (area.json() as { areaId: number }).areaId;
  const role = await call(tokenA, 'POST', `/iam/v1/${A}/roles`, {
    code: 'secret-a',
    nameZh: `${MARK} role`,
    nameEn: `${MARK} role`,
    permissions: ['wfpf.farm.farm.base'],
  });
  expect(role.statusCode).toBe(200);
  created.role = (role.json() as { id: number }).id;
  const screen = await call(tokenA, 'POST', `/wfpf/v1/${A}/tenant-screen`, {
    screenName: `${MARK} screen`,
    screenAddress: 'https://example.com/secret-a',
  });
  expect(screen.statusCode).toBe(200);
  created.screen = (screen.json() as { id: number }).id;
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#1b9961' } })
    .png()
    .toBuffer();
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), `${MARK}.png`);
  const file = await s.inject({
    method: 'POST',
    url: `/hfle/v1/${A}/files/multipart`,
    headers: auth(tokenA),
    payload: fd,
  });
  expect(file.statusCode, file.body).toBe(200);
  created.file = (file.json() as { fileId: string }).fileId;
  vrA = await insertVrRows(s.platform.database, A, MARK);
  const pest = await call(tokenA, 'POST', `/wfpf/v1/${A}/agriculture/pest-knowledge`, {
    code: 'secret-a-pest',
    kind: 'pest',
    nameZh: `${MARK} pest`,
    nameEn: `${MARK} pest`,
  });
  expect(pest.statusCode, pest.body).toBe(200);
  created.pest = (pest.json() as { knowledgeId: number }).knowledgeId;
  const [sealed] = await s.platform.database.withTenant(A, (tx) =>
    appendToChain({ db: tx, tenantId: A } as unknown as TenantCtx, [
      { kind: 'trace.record', refId: 1, dataHash: 'a'.repeat(64), meta: { productName: `${MARK} tea` } },
    ]),
  );
  txA = sealed?.txHash ?? '';
  idsOfA.id.push(
    created.area,
    created.role,
    created.screen,
    created.file,
    vrA.vrId,
    vrA.scenesId,
    created.pest,
  );
  idsOfA.userId.push(s.fixtures.users.adminA.id);
});
afterAll(async () => {
  await s.close();
});

describe('cross-tenant replay', () => {
  it("a user of tenant B calling tenant A's paths gets 403 and no byte of A's data", async () => {
    const routes = s.routes.filter(
      (r) => isOwnApiRoute(r) && r.url.includes(':tenantId') && r.options.config?.access !== 'public',
    );
    expect(routes.length).toBeGreaterThan(20);
    for (const r of routes) {
      for (const id of [...idsOfA.id, 1]) {
        const url = fillPath(r.url, s.fixtures.tenantA, named(id));
        const res = await call(tokenB, r.method, url, r.method === 'GET' ? undefined : {});
        expect(res.statusCode, `${r.method} ${url}`).toBe(403);
        expect(res.body).not.toContain(MARK);
      }
    }
  });

  it("a user of tenant B replaying A's object ids in B's own paths finds nothing", async () => {
    const B = s.fixtures.tenantB;
    const routes = s.routes.filter(
      (r) => isOwnApiRoute(r) && r.url.includes(':tenantId') && /:(?!tenantId)\w+/.test(r.url),
    );
    for (const r of routes) {
      for (const id of idsOfA.id) {
        const url = fillPath(r.url, B, named(id));
        const res = await call(tokenB, r.method, url, r.method === 'GET' ? undefined : {});
        expect([400, 403, 404], `${r.method} ${url}: ${res.statusCode}`).toContain(res.statusCode);
        expect(res.body).not.toContain(MARK);
      }
    }
  });

  it("A's ids inside bodies and queries of B's paths change nothing in A", async () => {
    const B = s.fixtures.tenantB;
    const attempts = [
      call(tokenB, 'PUT', `/wfpf/v1/${B}/area`, {
        areaId: created.area,
        objectVersionNumber: 1,
        areaName: 'hijacked',
      }),
      call(tokenB, 'DELETE', `/wfpf/v1/${B}/area`, { areaId: created.area }),
      call(tokenB, 'GET', `/wfpf/v2/${B}/area/default?areaId=${created.area}`),
      call(tokenB, 'PUT', `/iam/v1/${B}/roles`, {
        id: created.role,
        nameZh: 'hijacked',
        nameEn: 'hijacked',
        permissions: [],
        objectVersionNumber: 1,
      }),
      call(tokenB, 'PUT', `/wfpf/v1/${B}/tenant-screen`, {
        id: created.screen,
        objectVersionNumber: 1,
        screenName: 'hijacked',
        screenAddress: 'https://example.com/x',
      }),
      call(tokenB, 'GET', `/hfle/v1/${B}/files?attachmentUuid=${created.file}`),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode === 404 || (res.statusCode === 200 && !res.body.includes(MARK)), res.body).toBe(
        true,
      );
      expect(res.body).not.toContain(MARK);
    }
    const A = s.fixtures.tenantA;
    const area = await call(tokenA, 'GET', `/wfpf/v1/${A}/area/${created.area}`);
    expect(area.json()).toMatchObject({ areaName: `${MARK} base`, objectVersionNumber: 1 });
    const roles = await call(tokenA, 'GET', `/iam/v1/${A}/roles`);
    expect(roles.body).toContain(`${MARK} role`);
    const file = await call(tokenA, 'GET', `/hfle/v1/${A}/files/${created.file}/file`);
    expect(file.statusCode).toBe(200);
  });

  it('with no tenant set, every business table shows no rows; with B set, none of A', async () => {
    const db = s.platform.database;
    const tables = (await db.transaction((tx) =>
      tx.execute(sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and c.relforcerowsecurity`),
    )) as unknown as { rows: { name: string }[] };
    const names = tables.rows.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['areas', 'roles', 'files', 'notices', 'tenant_screens']));
    for (const name of names) {
      // Rows of the platform pseudo-tenant (0) are readable by design where a table says so
      // (platformRowsReadable: platform announcements, the shipped pest knowledge base).
      const none = (await db.transaction((tx) =>
        tx.execute(sql.raw(`select count(*)::int as n from "${name}" where tenant_id <> 0`)),
      )) as unknown as {
        rows: { n: number }[];
      };
      expect(none.rows[0]?.n, `${name} without a tenant`).toBe(0);
      const asB = (await db.withTenant(s.fixtures.tenantB, (tx) =>
        tx.execute(
          sql.raw(`select count(*)::int as n from "${name}" where tenant_id = ${s.fixtures.tenantA}`),
        ),
      )) as unknown as { rows: { n: number }[] };
      expect(asB.rows[0]?.n, `${name} rows of A seen from B`).toBe(0);
    }
    // And an insert into A from B's transaction is refused by the policy.
    await expect(
      db.withTenant(s.fixtures.tenantB, (tx) =>
        tx.execute(sql`insert into areas (tenant_id, area_name) values (${s.fixtures.tenantA}, 'smuggled')`),
      ),
    ).rejects.toThrow();
  });
});
