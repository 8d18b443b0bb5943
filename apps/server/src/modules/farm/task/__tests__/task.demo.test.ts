import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@tilth/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Started } from '../../../../app/server.js';
import { loadConfig } from '../../../../platform/config.js';
import { auth, login } from '../../../../test/harness.js';
import { createScratchDatabase } from '../../../../test/test-database.js';
import { demoExtras } from '../../../demo/demo.extras.js';
import { seedDemo } from '../../../demo/demo.seed.js';
import { createTenant, PLATFORM_TENANT_NAME } from '../../../demo/seed.helpers.js';

// The demo seed needs an empty database (the harness's fixtures would stop it), as in demo.test.ts.
let s: Started;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tilth-task-demo-'));
  scratch = await createScratchDatabase();
  s = await createServer(
    loadConfig({
      ...process.env,
      TILTH_DATA_DIR: dataDir,
      TILTH_DEMO: '0',
      DATABASE_URL: scratch?.url ?? '',
      // createServer starts the embedded broker: a free port, never the default 1883.
      MQTT_PORT: '0',
      MQTT_URL: '',
    }),
    { pgliteDir: 'memory://', logger: false, smsLog: { info: () => undefined } },
  );
  await createTenant(s.platform.database, PLATFORM_TENANT_NAME, { id: 0 });
});
afterAll(async () => {
  await s?.close();
  await scratch?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('task demo', () => {
  it('seeds finished, overdue, in-progress and unassigned tasks that the demo logins see as theirs', async () => {
    const { demoTenant } = await seedDemo(s.platform.database, demoExtras);
    const token = await login(s, 'demo', 'demo1234');
    const get = async (path: string) => {
      const res = await s.app.inject({
        method: 'GET',
        url: `/wfpf/v1/${demoTenant}/task${path}`,
        headers: auth(token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Page<{ taskName: string; status: string; finishNote: string | null }>;
    };
    const all = await get('?size=0');
    const byName = new Map(all.content.map((t) => [t.taskName, t]));
    expect(byName.get('1号大棚番茄追肥')).toMatchObject({
      status: 'finished',
      finishNote: expect.any(String),
    });
    expect(byName.get('2号大棚通风设备检修')?.status).toBe('overdue');
    expect(byName.get('东片水稻田病虫害巡查')?.status).toBe('in_progress');
    expect(byName.get('西片蔬菜地人工除草')?.status).toBe('unassigned');
    const mine = await get('/mine?size=0');
    expect(mine.content.map((t) => t.taskName)).toEqual(
      expect.arrayContaining(['2号大棚通风设备检修', '东片水稻田病虫害巡查']),
    );
  });
});
