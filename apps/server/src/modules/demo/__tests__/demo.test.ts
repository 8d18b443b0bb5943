import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Started } from '../../../app/server.js';
import { loadConfig } from '../../../platform/config.js';
import { auth, json, login } from '../../../test/harness.js';
import { createScratchDatabase } from '../../../test/test-database.js';
import { demoExtras } from '../demo.extras.js';
import { DEMO_LOGINS, seedDemo } from '../demo.seed.js';
import { createTenant, PLATFORM_TENANT_NAME } from '../seed.helpers.js';

let s: Started;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tilth-demo-'));
  scratch = await createScratchDatabase();
  s = await createServer(
    loadConfig({
      ...process.env,
      TILTH_DATA_DIR: dataDir,
      DATABASE_URL: scratch?.url ?? '',
      // createServer starts the embedded broker: a free port, never the default 1883.
      MQTT_PORT: '0',
      MQTT_URL: '',
    }),
    {
      pgliteDir: 'memory://',
      logger: false,
      smsLog: { info: () => undefined },
    },
  );
  await createTenant(s.platform.database, PLATFORM_TENANT_NAME, { id: 0 });
});
afterAll(async () => {
  await s.close();
  await scratch?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('demo data', () => {
  it('seeds once: two tenants, the three demo logins, bases, announcements and notifications', async () => {
    const first = await seedDemo(s.platform.database, demoExtras);
    expect(first.seeded).toBe(true);
    expect((await seedDemo(s.platform.database, demoExtras)).seeded).toBe(false);

    for (const d of DEMO_LOGINS) expect(await login(s, d.username, d.password)).toBeTruthy();
    const token = await login(s, 'demo', 'demo1234');
    const me = json<{ tenantId: number; tenants: { tenantName: string }[] }>(
      await s.app.inject({ method: 'GET', url: '/iam/stong/v1/users/self', headers: auth(token) }),
    );
    expect(me.tenantId).toBe(first.demoTenant);
    expect(me.tenants.map((t) => t.tenantName)).toEqual([
      '示范农场 / Demo Farm',
      '第二农场 / Riverside Fishery',
    ]);

    // The platform administrator's screen: the demo tenant's domain, a disabled tenant, their audit.
    const platform = await login(s, 'platform', 'platform1234');
    const tenants = json<{ content: { tenantNum: string; enabled: boolean; domains: string[] }[] }>(
      await s.app.inject({ method: 'GET', url: '/wfpf/v1/platform/tenants?size=0', headers: auth(platform) }),
    );
    expect(tenants.content.find((t) => t.tenantNum === 'PAUSED-01')?.enabled).toBe(false);
    expect(tenants.content.some((t) => t.domains.includes('demo.tilth.local'))).toBe(true);
    const brand = json<{ loginTitle: string }>(
      await s.app.inject({ method: 'GET', url: '/wfpf/v1/0/tenant/domain?domainName=demo.tilth.local' }),
    );
    expect(brand.loginTitle).toBe('示范农场 · Demo Farm');

    const bases = json<{ totalElements: number; content: { areaName: string; defaultFlag: number }[] }>(
      await s.app.inject({
        method: 'GET',
        url: `/wfpf/v2/${first.demoTenant}/area?page=0&size=0`,
        headers: auth(token),
      }),
    );
    expect(bases.totalElements).toBe(2);
    expect(bases.content[0]).toMatchObject({ areaName: '番禺示范基地', defaultFlag: 1 });

    // The organisation tree: group → company (with legal data) → bases → departments with heads and staff.
    interface Node {
      name: string;
      organizationType: string;
      headName: string | null;
      staffCount: number;
      children: Node[];
    }
    const [root] = json<Node[]>(
      await s.app.inject({
        method: 'GET',
        url: `/wfpf/v1/${first.demoTenant}/organization/tree`,
        headers: auth(token),
      }),
    );
    expect(root).toMatchObject({ name: '示范农场集团', organizationType: 'enterprise' });
    const company = root?.children[0];
    expect(company?.name).toBe('示范农业有限公司');
    expect(company?.children.map((c) => c.name).sort()).toEqual(
      ['南沙水产基地', '番禺示范基地', '财务部'].sort(),
    );
    const panyu = company?.children.find((c) => c.name === '番禺示范基地');
    expect(panyu?.children.map((d) => [d.name, d.headName, d.staffCount])).toEqual([
      ['生产部', '李农', 1],
      ['技术部', '王观', 1],
    ]);
    const corp = json<{ content: { creditCode: string }[] }>(
      await s.app.inject({
        method: 'GET',
        url: `/wfpf/v1/${first.demoTenant}/corporation`,
        headers: auth(token),
      }),
    );
    expect(corp.content.map((c) => c.creditCode)).toEqual(['91440115MA59C8RT67']);

    const counts = json<{ announce: number; notify: number }>(
      await s.app.inject({
        method: 'GET',
        url: `/hmsg/v1/${first.demoTenant}/notices/unread-count`,
        headers: auth(token),
      }),
    );
    // The platform announcement and the tenant's own; two notifications, and three of the demo receipts'
    // approvals (a task for each of its three receipts: workflow approval.demo).
    expect(counts).toMatchObject({ announce: 2, notify: 5 });

    const viewer = await login(s, 'viewer', 'viewer1234');
    const denied = await s.app.inject({
      method: 'POST',
      url: `/wfpf/v1/${first.demoTenant}/area`,
      headers: auth(viewer),
      payload: { areaName: 'x' },
    });
    expect(denied.statusCode).toBe(403);
  });

  it('a new enterprise registers right after the demo seed (ids do not collide with the seeded tenants)', async () => {
    for (const phone of ['13700000001', '13700000002']) {
      const sent = await s.app.inject({
        method: 'POST',
        url: `/oauth/public/send-phone-captcha-always?phone=${phone}`,
      });
      const { captchaKey } = json<{ captchaKey: string }>(sent);
      const res = await s.app.inject({
        method: 'POST',
        url: '/wfpf/v1/tenant/register',
        payload: {
          realName: 'N',
          password: 'abc12345',
          tenantName: `New ${phone}`,
          phone,
          captchaKey,
          captcha: s.sms.lastCodeFor(phone),
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(json<{ tenantId: number }>(res).tenantId).toBeGreaterThan(1002);
    }
  });
});

describe('admin:create', () => {
  it('creates the platform administrator in a database with no demo data, who can then sign in', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'tilth-admin-'));
    // A database of its own: the embedded one in dir, or a scratch PostgreSQL database in CI's second run.
    const db = await createScratchDatabase();
    try {
      const run = promisify(execFile);
      const cli = path.resolve(import.meta.dirname, '../../../cli/create-admin.ts');
      const env = { ...process.env, TILTH_DATA_DIR: dir, DATABASE_URL: db?.url ?? '' };
      const out = await run(
        process.execPath,
        ['--import', 'tsx', cli, '--username', 'root', '--password', 'root-pass-1'],
        { env },
      );
      expect(out.stdout).toContain('Platform administrator root created');
      const bad = await run(process.execPath, ['--import', 'tsx', cli, '--username', 'root'], {
        env,
      }).catch((e: { code: number }) => e);
      expect((bad as { code: number }).code).toBe(2);

      const server = await createServer(
        loadConfig({ ...env, TILTH_DEMO: '0', MQTT_PORT: '0', MQTT_URL: '' }),
        {
          logger: false,
          smsLog: { info: () => undefined },
        },
      );
      try {
        const token = await login(server, 'root', 'root-pass-1');
        const me = json<{ platformAdmin: boolean; tenantId: number }>(
          await server.app.inject({ method: 'GET', url: '/iam/stong/v1/users/self', headers: auth(token) }),
        );
        expect(me).toMatchObject({ platformAdmin: true, tenantId: 0 });
      } finally {
        await server.close();
      }
    } finally {
      await db?.drop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
