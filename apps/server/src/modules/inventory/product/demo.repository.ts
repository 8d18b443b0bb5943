import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { crops, varieties } from '../../farm/crop/index.js';
import { invStandards } from '../standard/index.js';
import { invWarehouses } from '../store/index.js';
import { invUnits } from '../unit/index.js';

// Demo-only lookups: units and attributes belong to base/unit and base/standard (ADR 0009: only the owner
// writes them), whose demo seeds make them; the product seed finds them by code or name.

/** The tenant's units by code (those that exist). */
export const unitIdsByCode = async (db: Db, tenantId: number): Promise<Map<string, number>> => {
  const rows = await db
    .select({ id: invUnits.id, code: invUnits.unitCode })
    .from(invUnits)
    .where(eq(invUnits.tenantId, tenantId));
  return new Map(rows.map((r) => [r.code, r.id]));
};

/** The tenant's attributes by name (those that exist). */
export const standardIdsByName = async (db: Db, tenantId: number): Promise<Map<string, number>> => {
  const rows = await db
    .select({ id: invStandards.id, name: invStandards.standardName })
    .from(invStandards)
    .where(eq(invStandards.tenantId, tenantId));
  return new Map(rows.map((r) => [r.name, r.id]));
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
