import type { Page } from '@tilth/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Started } from '../../../../app/server.js';
import { type DemoTestServer, startDemoTestServer } from '../../../../test/demo-server.js';
import { auth, login } from '../../../../test/harness.js';
import { demoExtras } from '../../../demo/demo.extras.js';
import { seedDemo } from '../../../demo/demo.seed.js';

// The demo seed needs an empty database (the harness's fixtures would stop it), as in demo.test.ts.
let demo: DemoTestServer;
let s: Started;
beforeAll(async () => {
  demo = await startDemoTestServer('task-demo');
  s = demo.server;
});
afterAll(async () => {
  await demo?.close();
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
