import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { agriculturalInputs } from '../agricultural/index.js';
import { areas } from '../area/index.js';
import { batches } from '../batch/index.js';
import { crops, taskTypes } from '../crop/index.js';
import { workers } from '../worker/index.js';

// Look-ups the demo seed needs by name (the catalogue rows other demo extras made).

const mapOf = (rows: { id: number; name: string }[]) => new Map(rows.map((r) => [r.name, r.id]));

export const demoNames = async (db: Db, tenantId: number) => ({
  taskTypes: mapOf(
    await db
      .select({ id: taskTypes.id, name: taskTypes.typeName })
      .from(taskTypes)
      .where(eq(taskTypes.tenantId, tenantId)),
  ),
  inputs: mapOf(
    await db
      .select({ id: agriculturalInputs.id, name: agriculturalInputs.inputName })
      .from(agriculturalInputs)
      .where(eq(agriculturalInputs.tenantId, tenantId)),
  ),
  crops: mapOf(
    await db.select({ id: crops.id, name: crops.cropName }).from(crops).where(eq(crops.tenantId, tenantId)),
  ),
});

export const baseNamed = async (db: Db, tenantId: number, name: string): Promise<number | undefined> => {
  const [r] = await db
    .select({ id: areas.id })
    .from(areas)
    .where(and(eq(areas.tenantId, tenantId), eq(areas.areaName, name)));
  return r?.id;
};

export const growingBatchesOf = async (
  db: Db,
  tenantId: number,
  areaId: number,
  cropId: number,
  limit: number,
): Promise<number[]> =>
  (
    await db
      .select({ id: batches.id })
      .from(batches)
      .where(
        and(
          eq(batches.tenantId, tenantId),
          eq(batches.areaId, areaId),
          eq(batches.cropId, cropId),
          eq(batches.status, 'growing'),
        ),
      )
      .orderBy(batches.id)
      .limit(limit)
  ).map((b) => b.id);

export const enabledWorkerOfUser = async (
  db: Db,
  tenantId: number,
  userId: number,
): Promise<number | undefined> => {
  const [r] = await db
    .select({ id: workers.id })
    .from(workers)
    .where(and(eq(workers.tenantId, tenantId), eq(workers.userId, userId), eq(workers.enabledFlag, 1)));
  return r?.id;
};
