import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { bump } from '../../../platform/db/writes.js';
import { invOptions } from './option.tables.js';

export type OptionsRow = typeof invOptions.$inferSelect;
export interface OptionValues {
  defaultWarehouseId: number | null;
  costMethod: string;
  shortagePolicy: string;
  quantityDecimals: number;
  expiryWarnDays: number;
}

/** What a tenant that never saved its options works with (the table's defaults). */
export const DEFAULT_OPTIONS: OptionValues & { objectVersionNumber: number } = {
  defaultWarehouseId: null,
  costMethod: 'moving_average',
  shortagePolicy: 'block',
  quantityDecimals: 2,
  expiryWarnDays: 30,
  objectVersionNumber: 0,
};

export const findOptions = async (db: Db, tenantId: number): Promise<OptionsRow | undefined> => {
  const [r] = await db.select().from(invOptions).where(eq(invOptions.tenantId, tenantId));
  return r;
};

/** The tenant's options, or the defaults when it never saved them (version 0). */
export const getInventoryOptions = async (
  db: Db,
  tenantId: number,
): Promise<OptionValues & { objectVersionNumber: number }> => {
  const r = await findOptions(db, tenantId);
  if (!r) return { ...DEFAULT_OPTIONS };
  return {
    defaultWarehouseId: r.defaultWarehouseId,
    costMethod: r.costMethod,
    shortagePolicy: r.shortagePolicy,
    quantityDecimals: r.quantityDecimals,
    expiryWarnDays: r.expiryWarnDays,
    objectVersionNumber: r.objectVersionNumber,
  };
};

/** The first save: undefined when another one got there first (the caller answers stale). */
export const insertOptions = async (db: Db, tenantId: number, userId: number, v: OptionValues) => {
  const [r] = await db
    .insert(invOptions)
    .values({ tenantId, ...v, createdBy: userId, lastUpdatedBy: userId })
    .onConflictDoNothing()
    .returning();
  return r;
};

export const updateOptions = async (
  db: Db,
  tenantId: number,
  version: number,
  userId: number,
  v: OptionValues,
) => {
  const [r] = await db
    .update(invOptions)
    .set({ ...v, ...bump(userId, invOptions.objectVersionNumber) })
    .where(and(eq(invOptions.tenantId, tenantId), eq(invOptions.objectVersionNumber, version)))
    .returning();
  return r;
};

/** Whether the options name the warehouse as the default (the 'warehouse' reference check). */
export const optionsNameWarehouse = async (db: Db, tenantId: number, warehouseId: number) => {
  const [r] = await db
    .select({ t: invOptions.tenantId })
    .from(invOptions)
    .where(and(eq(invOptions.tenantId, tenantId), eq(invOptions.defaultWarehouseId, warehouseId)));
  return r !== undefined;
};
