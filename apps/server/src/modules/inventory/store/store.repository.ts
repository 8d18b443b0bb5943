import { and, count, desc, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump, guardUnique, type Written } from '../../../platform/db/writes.js';
import { areas } from '../../farm/area/index.js';
import { users } from '../../identity/identity/index.js';
import { dropEmptyBalances, stockBalances } from '../../stock/ledger/index.js';
import { invWarehouses } from './store.tables.js';

export type WarehouseRow = typeof invWarehouses.$inferSelect;
/** A warehouse with its manager's and base's names (the answer of every read). */
export type WarehouseView = WarehouseRow & { managerName: string | null; areaName: string | null };
export interface WarehouseValues {
  warehouseCode: string;
  warehouseName: string;
  address: string | null;
  managerId: number | null;
  allowNegative: number;
  minStock: string | null;
  maxStock: string | null;
  initialStock: string | null;
  areaId: number | null;
  remark: string | null;
  enabledFlag: number;
}
export type WarehouseWrite = Written<WarehouseRow, 'code' | 'name'>;

const UNIQUE = { inv_warehouses_code_uq: 'code', inv_warehouses_name_uq: 'name' } as const;
const W = invWarehouses;
const byId = (tenantId: number, id: number): SQL => and(eq(W.tenantId, tenantId), eq(W.id, id)) as SQL;

const viewColumns = { w: W, managerName: users.realName, areaName: areas.areaName };
const viewOf = (r: { w: WarehouseRow; managerName: string | null; areaName: string | null }) => ({
  ...r.w,
  managerName: r.managerName,
  areaName: r.areaName,
});
const selectView = (db: Db) =>
  db
    .select(viewColumns)
    .from(W)
    .leftJoin(users, eq(users.id, W.managerId))
    .leftJoin(areas, and(eq(areas.tenantId, W.tenantId), eq(areas.id, W.areaId)));

export interface WarehouseFilter {
  warehouseName?: string | undefined;
  warehouseCode?: string | undefined;
  areaId?: number | undefined;
  enabledFlag?: number | undefined;
}

export const listWarehouses = async (
  db: Db,
  tenantId: number,
  f: WarehouseFilter,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: WarehouseView[]; total: number }> => {
  const parts: SQL[] = [eq(W.tenantId, tenantId)];
  if (f.warehouseName) parts.push(ilike(W.warehouseName, `%${escapeLike(f.warehouseName)}%`));
  if (f.warehouseCode) parts.push(ilike(W.warehouseCode, `%${escapeLike(f.warehouseCode)}%`));
  if (f.areaId !== undefined) parts.push(eq(W.areaId, f.areaId));
  if (f.enabledFlag !== undefined) parts.push(eq(W.enabledFlag, f.enabledFlag));
  const where = and(...parts) as SQL;
  const q = selectView(db).where(where).orderBy(desc(W.creationDate), desc(W.id));
  const { rows, total } = await pageRows(
    q,
    () => db.select({ n: count() }).from(W).where(where),
    limit,
    offset,
  );
  return { rows: rows.map(viewOf), total };
};

export const findWarehouseView = async (
  db: Db,
  tenantId: number,
  id: number,
): Promise<WarehouseView | undefined> => {
  const [r] = await selectView(db).where(byId(tenantId, id));
  return r ? viewOf(r) : undefined;
};

/** The warehouse of this tenant with this id, if it is visible (other domains: existence, rules, names). */
export const findWarehouse = async (
  db: Db,
  tenantId: number,
  id: number,
): Promise<WarehouseRow | undefined> => {
  const [r] = await db.select().from(W).where(byId(tenantId, id));
  return r;
};

/** Names of the tenant's warehouses among ids (lists of other domains). */
export const warehouseNames = async (
  db: Db,
  tenantId: number,
  ids: readonly number[],
): Promise<Map<number, string>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: W.id, name: W.warehouseName })
    .from(W)
    .where(and(eq(W.tenantId, tenantId), inArray(W.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r.name]));
};

export const lockWarehouse = async (
  db: Db,
  tenantId: number,
  id: number,
): Promise<WarehouseRow | undefined> => {
  const [r] = await db.select().from(W).where(byId(tenantId, id)).for('update');
  return r;
};

export const warehouseTaken = async (
  db: Db,
  tenantId: number,
  v: WarehouseValues,
  exceptId?: number,
): Promise<'code' | 'name' | undefined> => {
  for (const [field, col, value] of [
    ['code', W.warehouseCode, v.warehouseCode],
    ['name', W.warehouseName, v.warehouseName],
  ] as const) {
    const parts = [eq(W.tenantId, tenantId), eq(col, value)];
    if (exceptId !== undefined) parts.push(ne(W.id, exceptId));
    const [r] = await db
      .select({ id: W.id })
      .from(W)
      .where(and(...parts))
      .limit(1);
    if (r) return field;
  }
  return undefined;
};

export const insertWarehouse = async (db: Db, tenantId: number, userId: number, v: WarehouseValues) =>
  guardUnique(UNIQUE, async () => {
    const [r] = await db
      .insert(W)
      .values({ tenantId, ...v, createdBy: userId, lastUpdatedBy: userId })
      .returning();
    return r;
  });

export const updateWarehouse = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: WarehouseValues,
): Promise<WarehouseWrite | undefined> =>
  guardUnique(UNIQUE, async () => {
    const [r] = await db
      .update(W)
      .set({ ...v, ...bump(userId, W.objectVersionNumber) })
      .where(and(byId(tenantId, id), eq(W.objectVersionNumber, version)))
      .returning();
    return r;
  });

/** Whether any inventory balance of the warehouse (stock or in transit) is not zero. */
export const warehouseHoldsStock = async (db: Db, tenantId: number, id: number): Promise<boolean> => {
  const [r] = await db
    .select({ one: sql<number>`1` })
    .from(stockBalances)
    .where(
      and(
        eq(stockBalances.tenantId, tenantId),
        eq(stockBalances.book, 'inv'),
        eq(stockBalances.warehouseId, id),
        ne(stockBalances.quantity, '0'),
      ),
    )
    .limit(1);
  return r !== undefined;
};

/** Deletes the warehouse and its empty balances (created by postings that emptied again). */
export const deleteWarehouse = async (db: Db, tenantId: number, id: number): Promise<void> => {
  await dropEmptyBalances(db, tenantId, 'inv', { warehouseId: id });
  await db.delete(W).where(byId(tenantId, id));
};
