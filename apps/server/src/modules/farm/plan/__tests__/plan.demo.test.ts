import type { Page, Plan, PlanDetail, PlanPackage } from '@tilth/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, json, login, startTestServer, type TestServer } from '../../../../test/harness.js';
import { demoExtras } from '../../../demo/demo.extras.js';
import { seedAgricultural } from '../../agricultural/agricultural.demo.js';
import { seedCropCatalogue } from '../../crop/crop.demo.js';
import { seedWorkers } from '../../worker/worker.demo.js';
import { seedPlans } from '../plan.demo.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

describe('demo plans', () => {
  it('runs after the crop, input and worker extras', () => {
    const at = (f: unknown) => demoExtras.indexOf(f as (typeof demoExtras)[number]);
    expect(at(seedPlans)).toBeGreaterThan(at(seedWorkers));
    expect(at(seedPlans)).toBeGreaterThan(at(seedAgricultural));
    expect(at(seedPlans)).toBeGreaterThan(at(seedCropCatalogue));
  });

  it('seeds two packages and a plan started two weeks ago with finished, overdue and due tasks', async () => {
    const demoTenant = s.fixtures.tenantA;
    const users = { demo: s.fixtures.users.adminA.id, operator: s.fixtures.users.operatorA.id };
    const ids = { demoTenant, secondTenant: s.fixtures.tenantB, users };
    // The harness's tenants stand in for the demo tenants; every extra up to the plans runs, in order.
    for (const extra of demoExtras.slice(0, demoExtras.indexOf(seedPlans) + 1)) {
      await extra(s.platform.database, ids);
    }
    const token = await login(s, 'adminA');
    const get = async <T>(path: string) => {
      const res = await s.inject({
        method: 'GET',
        url: `/wfpf/v1/${demoTenant}/${path}`,
        headers: auth(token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return json<T>(res);
    };
    const packages = await get<Page<PlanPackage>>('plan-package?size=0');
    expect(packages.content.map((p) => [p.packageName, p.taskCount])).toEqual([
      ['番茄标准化种植方案', 12],
      ['水产养殖日常管理', 8],
    ]);
    const plans = await get<Page<Plan>>('plan?size=0');
    expect(plans.totalElements).toBe(1);
    const plan = plans.content[0] as Plan;
    expect(plan.leaderWorkerName).toBe('李农');
    expect(plan.statusCounts.finished).toBeGreaterThan(0);
    expect(plan.statusCounts.overdue).toBeGreaterThan(0);
    expect(plan.progress).toBeGreaterThan(0);
    const detail = await get<PlanDetail>(`plan/info/${plan.planId}`);
    expect(detail.batches.length).toBeGreaterThan(0);
    expect(detail.batches[0]?.tasks.map((t) => t.status)).toContain('not_started');
  });
});
