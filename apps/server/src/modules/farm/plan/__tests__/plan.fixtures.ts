import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  auth,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { areas } from '../../../identity/organization/organization.tables.js';
import { agriculturalInputs } from '../../agricultural/agricultural.tables.js';
import { batches } from '../../batch/batch.tables.js';
import { crops, taskTypes } from '../../crop/crop.tables.js';
import { tasks } from '../../task/task.tables.js';
import { workers } from '../../worker/worker.tables.js';
import { planBatches, plans } from '../plan.tables.js';

export type Who = keyof RoleTokens;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A test server plus direct inserts of the rows plans are built from (other modules' tables). */
export interface PlanWorld {
  s: TestServer;
  tA: number;
  tB: number;
  call(
    who: Who,
    method: Method,
    path: string,
    payload?: unknown,
    tenant?: number,
  ): Promise<LightMyRequestResponse>;
  base(tenant: number, name: string): Promise<number>;
  crop(tenant: number, name: string): Promise<number>;
  taskType(tenant: number, name: string): Promise<number>;
  input(tenant: number, name: string, unit: string): Promise<number>;
  worker(tenant: number, name: string, enabledFlag?: number): Promise<number>;
  batch(tenant: number, areaId: number, cropId: number, status?: string): Promise<number>;
  /** Tasks of a plan straight from the table (tenant A). */
  tasksOf(planId: number): Promise<(typeof tasks.$inferSelect)[]>;
  setStatus(taskIds: number[], status: string): Promise<void>;
  counts(): Promise<{ plans: number; links: number; tasks: number }>;
}

export const startPlanWorld = async (): Promise<PlanWorld> => {
  const s = await startTestServer();
  const tA = s.fixtures.tenantA;
  const tB = s.fixtures.tenantB;
  const tok = await signInRoles(s);
  const db = s.platform.database;
  let code = 0;
  const one = async <T>(p: Promise<T[]>): Promise<T> => {
    const [r] = await p;
    if (!r) throw new Error('insert returned nothing');
    return r;
  };
  return {
    s,
    tA,
    tB,
    call: (who, method, path, payload, tenant = tA) =>
      s.inject({
        method,
        url: `/wfpf/v1/${tenant}/${path}`,
        headers: { ...auth(tok[who]), 'accept-language': 'en-US' },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      }),
    base: (t, areaName) =>
      db.withTenant(
        t,
        async (tx) => (await one(tx.insert(areas).values({ tenantId: t, areaName }).returning())).id,
      ),
    crop: (t, cropName) =>
      db.withTenant(
        t,
        async (tx) => (await one(tx.insert(crops).values({ tenantId: t, cropName }).returning())).id,
      ),
    taskType: (t, typeName) =>
      db.withTenant(
        t,
        async (tx) => (await one(tx.insert(taskTypes).values({ tenantId: t, typeName }).returning())).id,
      ),
    input: (t, inputName, unit) =>
      db.withTenant(
        t,
        async (tx) =>
          (
            await one(
              tx
                .insert(agriculturalInputs)
                .values({ tenantId: t, inputName, unit, inputCode: `IN${++code}`, category: 'fertilizer' })
                .returning(),
            )
          ).id,
      ),
    worker: (t, workerName, enabledFlag = 1) =>
      db.withTenant(
        t,
        async (tx) =>
          (await one(tx.insert(workers).values({ tenantId: t, workerName, enabledFlag }).returning())).id,
      ),
    batch: (t, areaId, cropId, status = 'growing') =>
      db.withTenant(t, async (tx) => {
        const n = ++code;
        const r = await one(
          tx
            .insert(batches)
            .values({
              tenantId: t,
              batchCode: `PB${n}`,
              batchName: `Batch ${n}`,
              areaId,
              cropId,
              startDate: '2025-01-01',
              status,
            })
            .returning(),
        );
        return r.id;
      }),
    tasksOf: (planId) =>
      db.withTenant(tA, (tx) =>
        tx
          .select()
          .from(tasks)
          .where(and(eq(tasks.tenantId, tA), eq(tasks.planId, planId)))
          .orderBy(tasks.batchId, tasks.startDate, tasks.id),
      ),
    setStatus: async (ids, status) => {
      await db.withTenant(tA, async (tx) => {
        for (const id of ids)
          await tx
            .update(tasks)
            .set({ status })
            .where(and(eq(tasks.tenantId, tA), eq(tasks.id, id)));
      });
    },
    counts: () =>
      db.withTenant(tA, async (tx) => ({
        plans: (await tx.select().from(plans)).length,
        links: (await tx.select().from(planBatches)).length,
        tasks: (await tx.select().from(tasks)).length,
      })),
  };
};
