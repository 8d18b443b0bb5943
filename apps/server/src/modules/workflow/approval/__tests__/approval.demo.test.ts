import type { AgriDoc, AgriMovement, BindingItem, Page } from '@tilth/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, json, login, startTestServer, type TestServer } from '../../../../test/harness.js';
import { demoExtras } from '../../../demo/demo.extras.js';
import { seedAgriApprovals, seedAgricultural } from '../../../farm/agricultural/index.js';
import { DEMO_RECEIPT_FLOW, seedApprovalFlows } from '../approval.demo.js';
import { approvalEvents, approvalProcesses, approvalTasks } from '../workflow.tables.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

describe('demo approvals', () => {
  it('run after the inputs, flows before the receipts', () => {
    const at = (f: unknown) => demoExtras.indexOf(f as (typeof demoExtras)[number]);
    expect(at(seedApprovalFlows)).toBeGreaterThan(at(seedAgricultural));
    expect(at(seedAgriApprovals)).toBeGreaterThan(at(seedApprovalFlows));
  });

  it('seed a waiting, an approved and a rejected receipt through the bound flow', async () => {
    const { tenantA: t, tenantB, users } = s.fixtures;
    const ids = {
      demoTenant: t,
      secondTenant: tenantB,
      users: { demo: users.adminA.id, operator: users.operatorA.id, viewer: users.viewerA.id },
    };
    for (const extra of demoExtras.slice(0, demoExtras.indexOf(seedAgriApprovals) + 1)) {
      await extra(s.platform.database, ids);
    }
    const token = await login(s, 'adminA');
    const get = async <T>(path: string) => {
      const res = await s.inject({ method: 'GET', url: `/wfpf/v1/${t}/${path}`, headers: auth(token) });
      expect(res.statusCode, res.body).toBe(200);
      return json<T>(res);
    };
    const bindings = await get<BindingItem[]>('approval-bindings');
    expect(bindings.find((b) => b.docType === 'agri_warehousing')?.definitionName).toBe(DEMO_RECEIPT_FLOW);
    expect(bindings.find((b) => b.docType === 'farm_plan')?.definitionId).toBeNull();

    const db = s.platform.database;
    const { procs, mine, rejects } = await db.withTenant(t, async (tx) => ({
      procs: await tx.select().from(approvalProcesses).where(eq(approvalProcesses.tenantId, t)),
      mine: await tx
        .select()
        .from(approvalTasks)
        .where(and(eq(approvalTasks.assigneeId, users.adminA.id), eq(approvalTasks.state, 1))),
      rejects: await tx.select().from(approvalEvents).where(eq(approvalEvents.action, 'reject')),
    }));
    expect(procs.map((p) => p.state).sort()).toEqual([1, 2, 3]);
    expect(procs.every((p) => p.applicantId === users.operatorA.id)).toBe(true);
    expect(mine).toHaveLength(1);
    expect(rejects[0]?.comment).toContain('单价');

    const docs = (await get<Page<AgriDoc>>('agricultural/warehousing?size=0')).content;
    const byState = (st: string) => docs.filter((d) => d.auditState === st);
    expect(byState('submitted')).toHaveLength(1);
    expect(byState('rejected')).toHaveLength(1);
    const viaFlow = byState('approved').filter((d) => d.processId !== null);
    expect(viaFlow).toHaveLength(1);
    // Only the approved one moved stock.
    const ok = await get<AgriDoc>(`agricultural/warehousing/${viaFlow[0]?.docId ?? 0}`);
    const record = await get<Page<AgriMovement>>(
      `agricultural/stock/record?size=0&areaId=${ok?.areaId}&inputId=${ok?.lines?.[0]?.inputId ?? 0}`,
    );
    const codes = new Set(record.content.map((m) => m.sourceCode));
    expect(codes.has(ok?.docCode ?? '')).toBe(true);
    for (const d of [...byState('submitted'), ...byState('rejected')])
      expect(codes.has(d.docCode)).toBe(false);
  });
});
