import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { crops, varieties } from '../../farm/crop/index.js';
import { invStandards, invStandardValues } from '../standard/index.js';
import { invWarehouses } from '../store/index.js';
import { invUnits } from '../unit/index.js';

// Demo-only lookups: base/unit and base/standard are seeded by their own domain in parallel, so the
// product seed finds rows by their unique code or name and adds the ones still missing (either order works).

export const ensureUnit = async (
  db: Db,
  tenantId: number,
  userId: number,
  unitCode: string,
  unitName: string,
): Promise<number> => {
  await db
    .insert(invUnits)
    .values({ tenantId, unitCode, unitName, createdBy: userId, lastUpdatedBy: userId })
    .onConflictDoNothing();
  const [r] = await db
    .select({ id: invUnits.id })
    .from(invUnits)
    .where(and(eq(invUnits.tenantId, tenantId), eq(invUnits.unitCode, unitCode)));
  if (!r) throw new Error(`demo unit ${unitCode} is held under another code`);
  return r.id;
};

export const ensureStandard = async (
  db: Db,
  tenantId: number,
  userId: number,
  standardName: string,
  values: readonly string[],
): Promise<number> => {
  await db
    .insert(invStandards)
    .values({ tenantId, standardName, createdBy: userId, lastUpdatedBy: userId })
    .onConflictDoNothing();
  const [s] = await db
    .select({ id: invStandards.id })
    .from(invStandards)
    .where(and(eq(invStandards.tenantId, tenantId), eq(invStandards.standardName, standardName)));
  if (!s) throw new Error(`demo attribute ${standardName} missing`);
  await db
    .insert(invStandardValues)
    .values(values.map((valueName, sortNo) => ({ tenantId, standardId: s.id, valueName, sortNo })))
    .onConflictDoNothing();
  return s.id;
};

export const cropVarietyByName = async (
  db: Db,
  tenantId: number,
  cropName: string,
): Promise<{ cropId: number; varietyId: number } | undefined> => {
  const [r] = await db
    .select({ cropId: crops.id, varietyId: varieties.id })
    .from(crops)
    .innerJoin(varieties, and(eq(varieties.tenantId, crops.tenantId), eq(varieties.cropId, crops.id)))
    .where(and(eq(crops.tenantId, tenantId), eq(crops.cropName, cropName)))
    .orderBy(asc(varieties.id))
    .limit(1);
  return r;
};

export const firstWarehouse = async (db: Db, tenantId: number): Promise<number | undefined> => {
  const [r] = await db
    .select({ id: invWarehouses.id })
    .from(invWarehouses)
    .where(eq(invWarehouses.tenantId, tenantId))
    .orderBy(asc(invWarehouses.id))
    .limit(1);
  return r?.id;
};
