import { and, count, desc, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump, guardUnique, type Written } from '../../../platform/db/writes.js';
import { areas } from '../../farm/area/index.js';
import { users } from '../../identity/identity/index.js';
import { invWarehouses } from '../store/index.js';
import { invShops } from './shop.tables.js';

export type ShopRow = typeof invShops.$inferSelect;
export type ShopView = ShopRow & {
  managerName: string | null;
  warehouseName: string | null;
  areaName: string | null;
};
export interface ShopValues {
  shopCode: string;
  shopName: string;
  address: string | null;
  managerId: number | null;
  phone: string | null;
  warehouseId: number | null;
  areaId: number | null;
  remark: string | null;
  enabledFlag: number;
}
export type ShopWrite = Written<ShopRow, 'code'>;

const UNIQUE = { inv_shops_code_uq: 'code' } as const;
const S = invShops;
const byId = (tenantId: number, id: number): SQL => and(eq(S.tenantId, tenantId), eq(S.id, id)) as SQL;

const selectView = (db: Db) =>
  db
    .select({
      s: S,
      managerName: users.realName,
      warehouseName: invWarehouses.warehouseName,
      areaName: areas.areaName,
    })
    .from(S)
    .leftJoin(users, eq(users.id, S.managerId))
    .leftJoin(invWarehouses, and(eq(invWarehouses.tenantId, S.tenantId), eq(invWarehouses.id, S.warehouseId)))
    .leftJoin(areas, and(eq(areas.tenantId, S.tenantId), eq(areas.id, S.areaId)));
type Joined = {
  s: ShopRow;
  managerName: string | null;
  warehouseName: string | null;
  areaName: string | null;
};
const viewOf = ({ s, ...names }: Joined): ShopView => ({ ...s, ...names });

export interface ShopFilter {
  keyword?: string | undefined;
  warehouseId?: number | undefined;
  areaId?: number | undefined;
  enabledFlag?: number | undefined;
}

export const listShops = async (
  db: Db,
  tenantId: number,
  f: ShopFilter,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: ShopView[]; total: number }> => {
  const parts: SQL[] = [eq(S.tenantId, tenantId)];
  if (f.keyword) {
    const like = `%${escapeLike(f.keyword)}%`;
    parts.push(or(ilike(S.shopName, like), ilike(S.shopCode, like)) as SQL);
  }
  if (f.warehouseId !== undefined) parts.push(eq(S.warehouseId, f.warehouseId));
  if (f.areaId !== undefined) parts.push(eq(S.areaId, f.areaId));
  if (f.enabledFlag !== undefined) parts.push(eq(S.enabledFlag, f.enabledFlag));
  const where = and(...parts) as SQL;
  const q = selectView(db).where(where).orderBy(desc(S.creationDate), desc(S.id));
  const { rows, total } = await pageRows(
    q,
    () => db.select({ n: count() }).from(S).where(where),
    limit,
    offset,
  );
  return { rows: rows.map(viewOf), total };
};

export const findShopView = async (db: Db, tenantId: number, id: number): Promise<ShopView | undefined> => {
  const [r] = await selectView(db).where(byId(tenantId, id));
  return r ? viewOf(r) : undefined;
};

export const lockShop = async (db: Db, tenantId: number, id: number): Promise<ShopRow | undefined> => {
  const [r] = await db.select().from(S).where(byId(tenantId, id)).for('update');
  return r;
};

export const shopCodeTaken = async (
  db: Db,
  tenantId: number,
  code: string,
  exceptId?: number,
): Promise<boolean> => {
  const parts = [eq(S.tenantId, tenantId), eq(S.shopCode, code)];
  if (exceptId !== undefined) parts.push(ne(S.id, exceptId));
  const [r] = await db
    .select({ id: S.id })
    .from(S)
    .where(and(...parts))
    .limit(1);
  return r !== undefined;
};

/** How many shops ship from the warehouse (the 'warehouse' reference check). */
export const countShopsOfWarehouse = async (db: Db, tenantId: number, warehouseId: number) => {
  const [r] = await db
    .select({ n: count() })
    .from(S)
    .where(and(eq(S.tenantId, tenantId), eq(S.warehouseId, warehouseId)));
  return r?.n ?? 0;
};

export const insertShop = async (db: Db, tenantId: number, userId: number, v: ShopValues) =>
  guardUnique(UNIQUE, async () => {
    const [r] = await db
      .insert(S)
      .values({ tenantId, ...v, createdBy: userId, lastUpdatedBy: userId })
      .returning();
    return r;
  });

export const updateShop = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: ShopValues,
): Promise<ShopWrite | undefined> =>
  guardUnique(UNIQUE, async () => {
    const [r] = await db
      .update(S)
      .set({ ...v, ...bump(userId, S.objectVersionNumber) })
      .where(and(byId(tenantId, id), eq(S.objectVersionNumber, version)))
      .returning();
    return r;
  });

export const deleteShop = async (db: Db, tenantId: number, id: number): Promise<void> => {
  await db.delete(S).where(byId(tenantId, id));
};
