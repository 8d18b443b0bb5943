import { isActionCode, PERMISSION_CODES } from '@tilth/contracts/permissions';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { demoExtras } from '../../modules/demo/demo.extras.js';
import { createUser } from '../../modules/demo/seed.helpers.js';
import { TASK_RULES } from '../../modules/farm/task/task.rules.js';
import type { RouteRecord } from '../../platform/http/app.js';
import { auth, login, PASSWORD, startTestServer, type TestServer } from '../harness.js';
import { queryString, type RowIds, rowIds, sampleOf } from '../request-samples.js';
import { fillPath, hasBody, isOwnApiRoute } from '../routes.js';
import { insertVrRows } from './vr-rows.js';

// The in-tenant twin of the cross-tenant replay (issue 10 item 3): every route that declares permission
// codes is called by each seeded member of the tenant who holds none of them, with a valid-looking
// request on real rows, and must answer exactly 403 and change nothing. The tenant holds the demo data.

// Strategies must not fire on their own while rows are being compared.
process.env.TILTH_STRATEGY_TICK = '0';

interface Member {
  name: string;
  token: string;
  codes: ReadonlySet<string>;
}

let s: TestServer;
let A: number;
let members: Member[];
/** Row ids of tenant A, by table. */
const rowsOf = new Map<string, (number | string)[]>();
let rowIdsOfA: RowIds;
let tables: { name: string; tenant: boolean }[] = [];

/** Tables a timer rewrites on its own clock (rollups of telemetry, which itself is compared). */
const DERIVED = new Set(['telemetry_hourly', 'telemetry_daily']);

/**
 * Tenant writes that need no action code, each reviewed: what else stops a member who should not. Any other
 * write must declare a `.ps.` code (the class of issue 10 item 3: a write behind a page's view code).
 */
const INV_DOC_PAGE =
  "the document type's page code (wfpf.inventory.prment.*), checked per type by the service; inventory pages have no action codes";
const REVIEWED_WRITES: Record<string, string> = {
  'POST /wfpf/v1/:tenantId/task/:id/start': "the task's leader or participants only (task.rules: worker)",
  'POST /wfpf/v1/:tenantId/task/:id/finish': "the task's leader or participants only (task.rules: worker)",
  'POST /wfpf/v1/:tenantId/task/:id/approve': 'the creator or a holder of task.ps.approve (task.rules)',
  'POST /wfpf/v1/:tenantId/task/:id/reject': 'the creator or a holder of task.ps.approve (task.rules)',
  'POST /wfpf/v1/:tenantId/task/:id/end': 'the creator or a holder of task.ps.edit (task.rules)',
  'POST /wfpf/v1/:tenantId/task/:id/cancel': 'the creator or a holder of task.ps.edit (task.rules)',
  'POST /wfpe/v1/:tenantId/device/mar/call-status':
    'a read: asks the arm for its state, changes nothing of it',
  'POST /wfpe/v1/:tenantId/device/mar/call-config': 'a read: asks the arm for its configuration',
  'POST /wfpe/v1/:tenantId/device/mar/:id/live': "a read: answers the arm camera's stream address",
  'POST /wfpf/v1/:tenantId/tenant/novice/check': 'a read: whether the beginner guide is still due',
  'POST /wfpf/v1/:tenantId/tenant/novice/unlock':
    'clears the beginner-guide flag only (also cleared by the first base)',
  'POST /wfpf/v1/:tenantId/menu-theme': "the caller's own theme",
  'POST /hfle/v1/:tenantId/files/multipart':
    'an upload is private to the uploader until a write that needs a code links it',
  'DELETE /hfle/v1/:tenantId/files/:id': 'its uploader or an announcement manager only (file.service)',
  // Cameras (issue 16): writes behind the camera view codes, each reviewed.
  'POST /wfpe/v1/:tenantId/camera/live':
    'a read: answers signed, short-lived stream URLs of a camera the caller may watch',
  'POST /wfpe/v1/:tenantId/camera/:id/playback':
    'a read: answers a signed, short-lived playback URL of a camera the caller may watch',
  'POST /wfpe/v1/:tenantId/camera/img/:id/capture':
    "stores a still as a tenant file of a camera the caller may watch (the modal's screenshot); a log that uses it needs the farm log's code",
  'POST /wfpe/v1/:tenantId/camera/template': "the caller's own split-screen templates (user_id)",
  'PUT /wfpe/v1/:tenantId/camera/template': "the caller's own split-screen templates (user_id)",
  'DELETE /wfpe/v1/:tenantId/camera/template/:id': "the caller's own split-screen templates (user_id)",
  'POST /wfpe/v2/:tenantId/camera/timelapse':
    'makes a video of the stills of a plot the caller sees (base scope); changes no farm data, one job per tenant at a time',
  'DELETE /wfpe/v2/:tenantId/camera/timelapse/:id':
    'deletes a time-lapse video made from stills of a plot the caller sees; the stills stay',
  // Inventory documents (issue 15): one route set for six types.
  'POST /wfpf/v1/:tenantId/inventory/documents': INV_DOC_PAGE,
  'PUT /wfpf/v1/:tenantId/inventory/documents/:id': INV_DOC_PAGE,
  'DELETE /wfpf/v1/:tenantId/inventory/documents/:id': INV_DOC_PAGE,
  'POST /wfpf/v1/:tenantId/inventory/documents/:id/submit': INV_DOC_PAGE,
  'POST /wfpf/v1/:tenantId/inventory/documents/:id/legs': INV_DOC_PAGE,
  'POST /wfpf/v1/:tenantId/inventory/documents/:id/execute': INV_DOC_PAGE,
  'POST /wfpf/v1/:tenantId/inventory/documents/:id/adjust': INV_DOC_PAGE,
  'POST /wfpf/v1/:tenantId/inventory/documents/:id/reverse': INV_DOC_PAGE,
  'PUT /wfpf/v1/:tenantId/approval-bindings':
    'the approval-settings page code (wfpf.inventory.config.audit): the page is the setting, the spec names no action code for it',
  // Inventory base data (issue 15): one code per page, which also allows the page's writes.
  // Products (issue 15): the page code wfpf.inventory.base.product, the only code the module has.
  'POST /wfpf/v1/:tenantId/inventory/product': 'the products page code wfpf.inventory.base.product',
  'PUT /wfpf/v1/:tenantId/inventory/product/:id': 'the products page code wfpf.inventory.base.product',
  'DELETE /wfpf/v1/:tenantId/inventory/product/:id': 'the products page code wfpf.inventory.base.product',
  'POST /wfpf/v1/:tenantId/inventory/unit':
    'the unit page code (wfpf.inventory.base.unit): inventory pages have one code each, the spec names no action code',
  'PUT /wfpf/v1/:tenantId/inventory/unit/:id':
    'the unit page code (wfpf.inventory.base.unit): inventory pages have one code each, the spec names no action code',
  'DELETE /wfpf/v1/:tenantId/inventory/unit/:id':
    'the unit page code (wfpf.inventory.base.unit): inventory pages have one code each, the spec names no action code',
  'POST /wfpf/v1/:tenantId/inventory/standard':
    'the standard page code (wfpf.inventory.base.standard): inventory pages have one code each, the spec names no action code',
  'PUT /wfpf/v1/:tenantId/inventory/standard/:id':
    'the standard page code (wfpf.inventory.base.standard): inventory pages have one code each, the spec names no action code',
  'DELETE /wfpf/v1/:tenantId/inventory/standard/:id':
    'the standard page code (wfpf.inventory.base.standard): inventory pages have one code each, the spec names no action code',
  'POST /wfpf/v1/:tenantId/inventory/store':
    'the store page code (wfpf.inventory.base.store or wfpf.company.system.storeManager): inventory pages have one code each, the spec names no action code',
  'PUT /wfpf/v1/:tenantId/inventory/store/:id':
    'the store page code (wfpf.inventory.base.store or wfpf.company.system.storeManager): inventory pages have one code each, the spec names no action code',
  'DELETE /wfpf/v1/:tenantId/inventory/store/:id':
    'the store page code (wfpf.inventory.base.store or wfpf.company.system.storeManager): inventory pages have one code each, the spec names no action code',
  'POST /wfpf/v1/:tenantId/inventory/shops':
    'the shops page code (wfpf.inventory.base.shops): inventory pages have one code each, the spec names no action code',
  'PUT /wfpf/v1/:tenantId/inventory/shops/:id':
    'the shops page code (wfpf.inventory.base.shops): inventory pages have one code each, the spec names no action code',
  'DELETE /wfpf/v1/:tenantId/inventory/shops/:id':
    'the shops page code (wfpf.inventory.base.shops): inventory pages have one code each, the spec names no action code',
  'POST /wfpf/v1/:tenantId/inventory/businesses':
    'the businesses page code (wfpf.inventory.base.businesses): inventory pages have one code each, the spec names no action code',
  'PUT /wfpf/v1/:tenantId/inventory/businesses/:id':
    'the businesses page code (wfpf.inventory.base.businesses): inventory pages have one code each, the spec names no action code',
  'DELETE /wfpf/v1/:tenantId/inventory/businesses/:id':
    'the businesses page code (wfpf.inventory.base.businesses): inventory pages have one code each, the spec names no action code',
  'PUT /wfpf/v1/:tenantId/inventory/bill/:docType':
    'the document-numbers page code (wfpf.inventory.base.bill): inventory pages have one code each, the spec names no action code',
  'DELETE /wfpf/v1/:tenantId/inventory/bill/:docType':
    'the document-numbers page code (wfpf.inventory.base.bill): inventory pages have one code each, the spec names no action code',
  'PUT /wfpf/v1/:tenantId/inventory/option':
    'the option-settings page code (wfpf.inventory.config.option): the page is the setting, the spec names no action code for it',
};

const VIEW_CODES = PERMISSION_CODES.filter((c) => !isActionCode(c));

/** Codes a route declares, or none for public / authenticated / platformAdmin. */
const codesOf = (r: RouteRecord): readonly string[] => {
  const a: unknown = r.options.config?.access;
  if (Array.isArray(a)) return a as string[];
  return typeof a === 'string' && a.includes('.') ? [a] : [];
};

const call = (token: string, method: string, url: string, payload?: unknown) =>
  s.inject({
    method: method as 'GET',
    url,
    headers: auth(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

interface Built {
  url: string;
  body: unknown;
  /** Whether the params, query and body pass the route's own schemas. */
  valid: boolean;
}

const parses = (schema: unknown, value: unknown) =>
  !(schema instanceof z.ZodType) || schema.safeParse(value).success;

const build = (r: RouteRecord, userId: number): Built => {
  const idOf = rowIdsOfA.forRoute(r.url, { tenantId: A, userId });
  const schema = (r.options.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown };
  const params = (sampleOf(schema.params, idOf) ?? {}) as Record<string, string | number>;
  const query = sampleOf(schema.querystring, idOf);
  const body = hasBody(r.method) ? sampleOf(schema.body, idOf) : undefined;
  const url = fillPath(r.url, A, params) + queryString(query);
  const valid =
    parses(schema.params, { ...params, tenantId: String(A) }) &&
    parses(schema.querystring, query ?? {}) &&
    parses(schema.body, body);
  return { url, body: body ?? (hasBody(r.method) && r.method !== 'DELETE' ? {} : undefined), valid };
};

/** Row count and an order-free hash of every table (tenant A's rows of tenant tables; all of the others). */
const snapshot = async (): Promise<Record<string, string>> => {
  const parts = tables.map(
    (t) =>
      `select '${t.name}' as name, count(*)::text || ':' || coalesce(sum(hashtext(x::text)::bigint), 0)::text as h from "${t.name}" x`,
  );
  const res = (await s.platform.database.withTenant(A, (tx) =>
    tx.execute(sql.raw(parts.join(' union all '))),
  )) as unknown as { rows: { name: string; h: string }[] };
  return Object.fromEntries(res.rows.map((r) => [r.name, r.h]));
};

const changed = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).filter((k) => a[k] !== b[k]);

/** A member of tenant A holding exactly `codes`, through a role of its own. */
const memberWith = async (login: string, code: string, codes: readonly string[], admin: string) => {
  const role = await call(admin, 'POST', `/iam/v1/${A}/roles`, {
    code,
    nameZh: code,
    nameEn: code,
    permissions: codes,
  });
  expect(role.statusCode, role.body).toBe(200);
  const userId = await createUser(s.platform.database, {
    loginName: login,
    password: PASSWORD,
    realName: login,
    roles: [[A, 'viewer']],
  });
  const set = await call(admin, 'PUT', `/iam/v1/${A}/members/${userId}/roles`, {
    roleIds: [(role.json() as { id: number }).id],
  });
  expect(set.statusCode, set.body).toBe(200);
  return userId;
};

const codesHeld = async (userId: number): Promise<ReadonlySet<string>> => {
  const res = (await s.platform.database.withTenant(A, (tx) =>
    tx.execute(sql`select distinct rp.permission_code as code from role_permissions rp
      join user_roles ur on ur.role_id = rp.role_id and ur.tenant_id = rp.tenant_id
      where ur.user_id = ${userId}`),
  )) as unknown as { rows: { code: string }[] };
  return new Set(res.rows.map((r) => r.code));
};

beforeAll(async () => {
  s = await startTestServer();
  A = s.fixtures.tenantA;
  const u = s.fixtures.users;
  const db = s.platform.database;
  // The demo rows, seeded into the harness tenants, so routes have real rows to aim at.
  const ids = {
    demoTenant: A,
    secondTenant: s.fixtures.tenantB,
    users: { demo: u.adminA.id, operator: u.operatorA.id, viewer: u.viewerA.id },
  };
  for (const extra of demoExtras) await extra(db, ids);
  // The demo tour is seeded in the background after start (its panoramas are tiled first): written here.
  await insertVrRows(db, A, 'replay');
  // The capture job claims the demo cameras' schedule slots while this long test runs: a slot passing would
  // read as a write by whichever routes ran then. Paused here; the rows stay for the routes to aim at.
  await db.withTenant(A, (tx) => tx.execute(sql`update camera_capture_schedules set active = 0`));

  const admin = await login(s, 'adminA');
  const noneId = await memberWith('noCodesA', 'no-codes', [], admin);
  const readerId = await memberWith('readerA', 'reader', VIEW_CODES, admin);
  members = [];
  for (const [name, id] of [
    ['viewerA', u.viewerA.id],
    ['operatorA', u.operatorA.id],
    ['noCodesA', noneId],
    ['readerA', readerId],
  ] as const) {
    members.push({ name, token: await login(s, name), codes: await codesHeld(id) });
  }

  const list = (await db.transaction((tx) =>
    tx.execute(sql`select c.relname as name, c.relforcerowsecurity as tenant,
        exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'id' and not a.attisdropped) as has_id
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and c.relname not like '__drizzle%' order by c.relname`),
  )) as unknown as { rows: { name: string; tenant: boolean; has_id: boolean }[] };
  tables = list.rows.filter((t) => !DERIVED.has(t.name)).map((t) => ({ name: t.name, tenant: t.tenant }));
  for (const t of list.rows.filter((x) => x.tenant && x.has_id)) {
    const rows = (await db.withTenant(A, (tx) =>
      tx.execute(sql.raw(`select id from "${t.name}" order by id limit 3`)),
    )) as unknown as { rows: { id: number | string }[] };
    rowsOf.set(
      t.name,
      rows.rows.map((r) => (typeof r.id === 'string' && /^\d+$/.test(r.id) ? Number(r.id) : r.id)),
    );
  }
  rowIdsOfA = rowIds(rowsOf);
}, 180_000);
afterAll(async () => {
  await s?.close();
});

describe('role replay', () => {
  it('the seeded members hold what their roles say', () => {
    const [viewer, operator, none, reader] = members;
    expect(viewer?.codes.has('wfpf.farm.equipment.intelligentControl-index')).toBe(true);
    expect([...(viewer?.codes ?? [])].filter(isActionCode)).toEqual(['wfpf.farm.user.ps.notice-message']);
    expect(operator?.codes.has('wfpf.farm.equipment.intelligentControl-index.ps.delete')).toBe(true);
    expect([...(operator?.codes ?? [])].some((c) => c.startsWith('wfpf.company.'))).toBe(false);
    expect(none?.codes.size).toBe(0);
    expect(reader?.codes.size).toBe(VIEW_CODES.length);
    // Every table of the demo that the routes aim at has rows.
    for (const t of ['areas', 'lands', 'devices', 'strategies', 'device_groups', 'tasks', 'alarm_rules'])
      expect(rowsOf.get(t)?.length, t).toBeGreaterThan(0);
  });

  it('every permission-coded route answers 403 to each member lacking its codes, and changes nothing', async () => {
    const routes = s.routes.filter((r) => isOwnApiRoute(r) && codesOf(r).length > 0);
    expect(routes.length).toBeGreaterThan(300);
    const perMember = new Map<string, number>(members.map((m) => [m.name, 0]));
    let checks = 0;
    let expected = 0;
    let valid = 0;
    const failures: string[] = [];
    let last = await snapshot();
    let window: string[] = [];
    for (const r of routes) {
      const codes = codesOf(r);
      const lacking = members.filter((m) => !codes.some((c) => m.codes.has(c)));
      expected += lacking.length;
      if (lacking.length === 0) continue;
      window.push(`${r.method} ${r.url}`);
      for (const m of lacking) {
        const req = build(r, s.fixtures.users.viewerA.id);
        if (req.valid) valid++;
        const res = await call(m.token, r.method, req.url, req.body);
        checks++;
        perMember.set(m.name, (perMember.get(m.name) ?? 0) + 1);
        if (res.statusCode !== 403)
          failures.push(`${m.name} ${r.method} ${req.url}: ${res.statusCode} ${res.body}`);
      }
      // Compared after every write (and once at the end): a change is pinned to the routes since the last.
      if (r.method !== 'GET' || r === routes.at(-1)) {
        const now = await snapshot();
        const diff = changed(last, now);
        if (diff.length > 0) failures.push(`${window.join(' / ')} changed ${diff.join(', ')}`);
        last = now;
        window = [];
      }
    }
    console.info(
      `role replay: ${checks} route × member checks over ${routes.length} permission-coded routes ` +
        `(${[...perMember].map(([k, v]) => `${k} ${v}`).join(', ')}); ${valid} requests passed the route's own schemas; ` +
        `${rowIdsOfA.hits.size} id parameters or fields aimed at real rows, ${rowIdsOfA.misses.size} at none`,
    );
    if (process.env.REPLAY_DEBUG)
      console.info([...rowIdsOfA.hits, '--- no table:', ...rowIdsOfA.misses].join('\n'));
    expect(failures).toEqual([]);
    // It cannot silently test nothing: every coded route is tried at least once (the member without codes).
    expect(checks).toBe(expected);
    expect(checks).toBeGreaterThanOrEqual(routes.length);
    for (const [name, n] of perMember) expect(n, name).toBeGreaterThan(0);
  }, 300_000);

  it("every platformAdmin route answers 403 to each member, the tenant's administrator too, and changes nothing", async () => {
    // The platform administrator's word is a flag of the account, not a code a tenant role can grant: a
    // member holding every code of the tenant is still refused, whatever the request.
    const routes = s.routes.filter((r) => isOwnApiRoute(r) && r.options.config?.access === 'platformAdmin');
    expect(routes.length).toBeGreaterThan(10);
    const callers = [
      ...members,
      { name: 'adminA', token: await login(s, 'adminA'), codes: new Set<string>() },
    ];
    const failures: string[] = [];
    let checks = 0;
    const before = await snapshot();
    for (const r of routes) {
      const req = build(r, s.fixtures.users.viewerA.id);
      // `:id` of a platform route is the tenant acted on: aim at the callers' own tenant.
      const url = req.url.replace(/\/platform\/tenants\/[^/?]+/, `/platform/tenants/${A}`);
      for (const m of callers) {
        const res = await call(m.token, r.method, url, req.body);
        checks++;
        if (res.statusCode !== 403)
          failures.push(`${m.name} ${r.method} ${url}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
    expect(checks).toBe(routes.length * callers.length);
    expect(changed(before, await snapshot())).toEqual([]);
  });

  it('every tenant write declares an action code, or is reviewed above with what else guards it', () => {
    const writes = s.routes.filter(
      (r) =>
        isOwnApiRoute(r) &&
        r.method !== 'GET' &&
        r.url.includes(':tenantId') &&
        r.options.config?.access !== 'public',
    );
    expect(writes.length).toBeGreaterThan(150);
    const unguarded = writes
      .filter((r) => !codesOf(r).some(isActionCode))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(unguarded).toEqual(Object.keys(REVIEWED_WRITES).sort());
  });

  it('a member not on a task cannot move it, whatever state it is in (the reviewed task writes)', async () => {
    const reader = members.find((m) => m.name === 'readerA');
    if (!reader) throw new Error('no reader');
    const tasks = (await s.platform.database.withTenant(A, (tx) =>
      tx.execute(
        sql`select id::int as id, status, object_version_number::int as version from tasks order by id`,
      ),
    )) as unknown as { rows: { id: number; status: string; version: number }[] };
    let tried = 0;
    for (const action of ['start', 'finish', 'approve', 'reject', 'end', 'cancel'] as const) {
      const from: readonly string[] = TASK_RULES[action].from;
      const t = tasks.rows.find((x) => from.includes(x.status));
      if (!t) continue;
      const before = await snapshot();
      const withReason = action === 'reject' || action === 'end' || action === 'cancel';
      const res = await call(reader.token, 'POST', `/wfpf/v1/${A}/task/${t.id}/${action}`, {
        objectVersionNumber: t.version,
        ...(withReason ? { reason: 'no' } : {}),
      });
      expect(res.statusCode, `${action} task ${t.id} (${t.status}): ${res.body}`).toBe(403);
      expect(changed(before, await snapshot())).toEqual([]);
      tried++;
    }
    expect(tried).toBeGreaterThanOrEqual(4);
  });

  it('the declared code is checked before the body is validated: a garbage body still gets 403', async () => {
    const viewer = members.find((m) => m.name === 'viewerA');
    const operator = members.find((m) => m.name === 'operatorA');
    if (!viewer || !operator) throw new Error('no members');
    const url = `/wfpe/v1/${A}/intelligent/strategy`;
    const junk = { name: 42, trigger: 'soon', extra: true };
    expect((await call(viewer.token, 'POST', url, junk)).statusCode).toBe(403);
    expect((await call(viewer.token, 'DELETE', `${url}/not-a-number`)).statusCode).toBe(403);
    // A holder of the code gets the validation error, so the 403 above is the access check.
    expect((await call(operator.token, 'POST', url, junk)).statusCode).toBe(400);
  });

  it('the viewer still reads what its role shows: smart control, devices, bases, alarms, tasks, notices', async () => {
    const viewer = members.find((m) => m.name === 'viewerA');
    if (!viewer) throw new Error('no viewer');
    const [strategy] = rowsOf.get('strategies') ?? [];
    const [group] = rowsOf.get('device_groups') ?? [];
    // The first unit of the tree is the enterprise root (ADR 0011); the base API reads a base.
    const bases = (await s.platform.database.withTenant(A, (tx) =>
      tx.execute(sql`select id from areas where organization_type = 'area' order by id limit 1`),
    )) as unknown as { rows: { id: number | string }[] };
    const area = Number(bases.rows[0]?.id);
    const [device] = rowsOf.get('devices') ?? [];
    const reads = [
      `/wfpe/v1/${A}/intelligent/strategy`,
      `/wfpe/v1/${A}/intelligent/strategy/${strategy}`,
      `/wfpe/v1/${A}/intelligent/strategy/${strategy}/runs`,
      `/wfpe/v1/${A}/intelligent/group?kind=control`,
      `/wfpe/v1/${A}/intelligent/group?kind=device`,
      `/wfpe/v1/${A}/intelligent/group/${group}`,
      `/wfpe/v1/${A}/device/page?page=0&size=10`,
      `/wfpe/v1/${A}/device/${device}/details`,
      `/wfpf/v1/${A}/area/${area}`,
      `/wfpf/v1/${A}/land?page=0&size=10`,
      `/wfpe/v1/${A}/warning/rule?page=0&size=10`,
      `/wfpe/v1/${A}/warning/alarm?page=0&size=10`,
      `/wfpf/v1/${A}/task?page=0&size=10`,
      `/hmsg/v1/${A}/notices/page-details?page=0&size=10`,
      `/hmsg/v1/${A}/messages/user?page=0&size=10`,
    ];
    for (const url of reads) {
      const res = await call(viewer.token, 'GET', url);
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    }
  });
});
