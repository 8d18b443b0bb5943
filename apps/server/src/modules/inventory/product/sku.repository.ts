import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
import { bump, guardUnique, type Written } from '../../../platform/db/writes.js';
import { files } from '../../messaging/file/index.js';
import { stockBalances } from '../../stock/ledger/index.js';
import { invStandards, invStandardValues } from '../standard/index.js';
import { invWarehouses } from '../store/index.js';
import { countOver, pageWithTotal } from './product.paging.js';
import { invProducts, invSkus, invStockLimits } from './product.tables.js';

export type SkuRow = typeof invSkus.$inferSelect;
export type LimitRow = typeof invStockLimits.$inferSelect;
export interface SkuValues {
  skuCode: string;
  valueIds: number[];
  skuName: string;
  barcode: string | null;
  retailPrice: string | null;
  memberPrice: string | null;
  costPrice: string | null;
  enabledFlag: number;
}
export type SkuWrite = Written<SkuRow, 'code'>;

const UNIQUE = { inv_skus_code_uq: 'code' } as const;
const skusOfTenant = (tenantId: number): SQL => eq(invSkus.tenantId, tenantId);

export const skusOfProduct = async (db: Db, tenantId: number, productId: number): Promise<SkuRow[]> =>
  db
    .select()
    .from(invSkus)
    .where(and(skusOfTenant(tenantId), eq(invSkus.productId, productId)))
    .orderBy(asc(invSkus.id));

/** SKU codes among `codes` held by SKUs other than `exceptIds`. */
export const skuCodesTaken = async (
  db: Db,
  tenantId: number,
  codes: readonly string[],
  exceptIds: readonly number[],
): Promise<string[]> => {
  if (codes.length === 0) return [];
  const rows = await db
    .select({ id: invSkus.id, skuCode: invSkus.skuCode })
    .from(invSkus)
    .where(and(skusOfTenant(tenantId), inArray(invSkus.skuCode, [...codes])));
  const except = new Set(exceptIds);
  return rows.filter((r) => !except.has(r.id)).map((r) => r.skuCode);
};

export const insertSku = async (
  db: Db,
  tenantId: number,
  userId: number,
  productId: number,
  v: SkuValues,
): Promise<SkuWrite> => {
  const res = await guardUnique(UNIQUE, async () => {
    const [r] = await db
      .insert(invSkus)
      .values({ ...v, tenantId, productId, createdBy: userId, lastUpdatedBy: userId })
      .returning();
    return r;
  });
  if (!res) throw new Error('sku insert returned nothing');
  return res;
};

export const updateSku = async (
  db: Db,
  tenantId: number,
  userId: number,
  id: number,
  v: SkuValues,
): Promise<SkuWrite | undefined> =>
  guardUnique(UNIQUE, async () => {
    const [r] = await db
      .update(invSkus)
      .set({ ...v, ...bump(userId, invSkus.objectVersionNumber) })
      .where(and(skusOfTenant(tenantId), eq(invSkus.id, id)))
      .returning();
    return r;
  });

export const deleteSkus = async (db: Db, tenantId: number, ids: readonly number[]): Promise<void> => {
  if (ids.length === 0) return;
  await db
    .delete(invStockLimits)
    .where(and(eq(invStockLimits.tenantId, tenantId), inArray(invStockLimits.skuId, [...ids])));
  await db.delete(invSkus).where(and(skusOfTenant(tenantId), inArray(invSkus.id, [...ids])));
};

export const limitsOfProduct = async (
  db: Db,
  tenantId: number,
  productId: number,
): Promise<(LimitRow & { warehouseName: string | null })[]> =>
  db
    .select({
      tenantId: invStockLimits.tenantId,
      skuId: invStockLimits.skuId,
      warehouseId: invStockLimits.warehouseId,
      productId: invStockLimits.productId,
      minQty: invStockLimits.minQty,
      maxQty: invStockLimits.maxQty,
      warehouseName: invWarehouses.warehouseName,
    })
    .from(invStockLimits)
    .leftJoin(
      invWarehouses,
      and(
        eq(invWarehouses.tenantId, invStockLimits.tenantId),
        eq(invWarehouses.id, invStockLimits.warehouseId),
      ),
    )
    .where(and(eq(invStockLimits.tenantId, tenantId), eq(invStockLimits.productId, productId)))
    .orderBy(asc(invStockLimits.skuId), asc(invStockLimits.warehouseId));

/** Replaces the product's stock limits with `rows` (levels as numeric text). */
export const replaceLimits = async (
  db: Db,
  tenantId: number,
  productId: number,
  rows: readonly { skuId: number; warehouseId: number; minQty: string | null; maxQty: string | null }[],
): Promise<void> => {
  await db
    .delete(invStockLimits)
    .where(and(eq(invStockLimits.tenantId, tenantId), eq(invStockLimits.productId, productId)));
  if (rows.length > 0) {
    await db.insert(invStockLimits).values(rows.map((r) => ({ ...r, tenantId, productId })));
  }
};

/** The SKUs among ids that hold or ever held inventory stock (a balance row exists once posted). */
export const skusWithStock = async (
  db: Db,
  tenantId: number,
  ids: readonly number[],
): Promise<Set<number>> => {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: stockBalances.productId })
    .from(stockBalances)
    .where(
      and(
        eq(stockBalances.tenantId, tenantId),
        eq(stockBalances.book, 'inv'),
        inArray(stockBalances.productId, [...ids]),
      ),
    );
  return new Set(rows.map((r) => r.id));
};

export interface StandardWithValues {
  standardId: number;
  standardName: string;
  enabledFlag: number;
  values: { id: number; valueName: string; sortNo: number }[];
}

/** The attributes among ids with all their values (display order), in the order of ids. */
export const standardsWithValues = async (
  db: Db,
  tenantId: number,
  ids: readonly number[],
): Promise<StandardWithValues[]> => {
  if (ids.length === 0) return [];
  const heads = await db
    .select({ id: invStandards.id, name: invStandards.standardName, enabledFlag: invStandards.enabledFlag })
    .from(invStandards)
    .where(and(eq(invStandards.tenantId, tenantId), inArray(invStandards.id, [...ids])));
  const values = await db
    .select()
    .from(invStandardValues)
    .where(and(eq(invStandardValues.tenantId, tenantId), inArray(invStandardValues.standardId, [...ids])))
    .orderBy(asc(invStandardValues.sortNo), asc(invStandardValues.id));
  const byId = new Map(heads.map((h) => [h.id, h]));
  return ids.flatMap((id) => {
    const h = byId.get(id);
    if (!h) return [];
    return [
      {
        standardId: id,
        standardName: h.name,
        enabledFlag: h.enabledFlag,
        values: values
          .filter((v) => v.standardId === id)
          .map((v) => ({ id: v.id, valueName: v.valueName, sortNo: v.sortNo })),
      },
    ];
  });
};

export const existingWarehouses = async (
  db: Db,
  tenantId: number,
  ids: readonly number[],
): Promise<Set<number>> => {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: invWarehouses.id })
    .from(invWarehouses)
    .where(and(eq(invWarehouses.tenantId, tenantId), inArray(invWarehouses.id, [...new Set(ids)])));
  return new Set(rows.map((r) => r.id));
};

export const limitsInWarehouse = async (db: Db, tenantId: number, warehouseId: number): Promise<number> => {
  const [r] = await db
    .select({ n: count() })
    .from(invStockLimits)
    .where(and(eq(invStockLimits.tenantId, tenantId), eq(invStockLimits.warehouseId, warehouseId)));
  return r?.n ?? 0;
};

/** Content type and size of the tenant's files among ids. */
export const fileFacts = async (
  db: Db,
  tenantId: number,
  ids: readonly string[],
): Promise<Map<string, { contentType: string; fileSize: number }>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: files.id, contentType: files.contentType, fileSize: files.fileSize })
    .from(files)
    .where(and(eq(files.tenantId, tenantId), inArray(files.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r]));
};

// ---- Line pickers and document lines ----

export interface SkuPickFilter {
  keyword?: string | undefined;
  productId?: number | undefined;
  productType?: string | undefined;
  enabledFlag: number;
  ids?: readonly number[] | undefined;
}

// The outer table named literally: Drizzle renders a column unqualified inside sql``.
const unitName = (col: string) =>
  sql.raw(
    `(select u.unit_name from inv_units u where u.tenant_id = inv_products.tenant_id and u.id = inv_products.${col})`,
  );

const pickColumns = {
  sku: invSkus,
  product: invProducts,
  stockUnitName: unitName('stock_unit_id').mapWith(String),
  purchaseUnitName: unitName('purchase_unit_id').mapWith(String),
  retailUnitName: unitName('retail_unit_id').mapWith(String),
};
export interface PickRow {
  sku: SkuRow;
  product: typeof invProducts.$inferSelect;
  stockUnitName: string;
  purchaseUnitName: string;
  retailUnitName: string;
}

/** The SKU's own conditions (filtered first) and those that need its product (after the join). */
const pickWhere = (tenantId: number, f: SkuPickFilter): { sku: SQL; product: SQL } => {
  const sku: SQL[] = [skusOfTenant(tenantId)];
  const product: SQL[] = [eq(invProducts.tenantId, tenantId)];
  if (f.ids) sku.push(inArray(invSkus.id, [...f.ids]));
  if (f.productId !== undefined) sku.push(eq(invSkus.productId, f.productId));
  if (f.productType) product.push(eq(invProducts.productType, f.productType));
  if (f.enabledFlag === 1) sku.push(eq(invSkus.enabledFlag, 1));
  if (f.enabledFlag === 1) product.push(eq(invProducts.enabledFlag, 1));
  if (f.keyword) {
    const k = `%${escapeLike(f.keyword)}%`;
    // The product's texts are matched once per product, not once per SKU row. Two arms of a union, not
    // one OR across the tables, so each arm can use its trigram indexes (a bitmap OR per table).
    const products = sql`select p2.id from inv_products p2 where p2.tenant_id = ${tenantId} and (p2.product_name ilike ${k} or p2.product_code ilike ${k} or p2.alias ilike ${k})`;
    const matching = sql`select s2.id from inv_skus s2 where s2.tenant_id = ${tenantId} and (s2.sku_code ilike ${k} or s2.sku_name ilike ${k} or s2.barcode ilike ${k})
      union select s3.id from inv_skus s3 where s3.tenant_id = ${tenantId} and s3.product_id in (${products})`;
    sku.push(sql`${invSkus.id} in (${matching})`);
  }
  return { sku: and(...sku) as SQL, product: and(...product) as SQL };
};

export const listSkuPicks = async (
  db: Db,
  tenantId: number,
  f: SkuPickFilter,
  limit?: number,
  offset = 0,
): Promise<{ rows: PickRow[]; total: number }> => {
  const where = pickWhere(tenantId, f);
  // The SKUs are filtered on their own first (OFFSET 0 keeps the planner from folding the subquery into a
  // join it misjudges), then joined to their products by key; ids first, then the rows with unit names.
  const m = db
    .select({
      id: invSkus.id,
      productId: invSkus.productId,
      skuCode: invSkus.skuCode,
      enabledFlag: invSkus.enabledFlag,
    })
    .from(invSkus)
    .where(where.sku)
    .offset(0)
    .as('m');
  const joined = and(eq(invProducts.tenantId, tenantId), eq(invProducts.id, m.productId));
  const outer =
    f.enabledFlag === 0
      ? (and(where.product, or(eq(m.enabledFlag, 0), eq(invProducts.enabledFlag, 0))) as SQL)
      : where.product;
  const q = db
    .select({ id: m.id, total: countOver })
    .from(m)
    .innerJoin(invProducts, joined)
    .where(outer)
    .orderBy(asc(invProducts.productName), asc(m.skuCode));
  const { rows: page, total } = await pageWithTotal(
    q,
    () => db.select({ n: count() }).from(m).innerJoin(invProducts, joined).where(outer),
    limit,
    offset,
  );
  const byId = new Map(
    (
      await skuPicksByIds(
        db,
        tenantId,
        page.map((r) => r.id),
      )
    ).map((r) => [r.sku.id, r]),
  );
  return { rows: page.flatMap((r) => byId.get(r.id) ?? []), total };
};

const joinProduct = and(eq(invProducts.tenantId, invSkus.tenantId), eq(invProducts.id, invSkus.productId));

/** SKUs by id whatever their state (document lines name disabled ones too). */
export const skuPicksByIds = async (db: Db, tenantId: number, ids: readonly number[]): Promise<PickRow[]> =>
  ids.length === 0
    ? []
    : db
        .select(pickColumns)
        .from(invSkus)
        .innerJoin(invProducts, joinProduct)
        .where(and(skusOfTenant(tenantId), inArray(invSkus.id, [...new Set(ids)])));

/** On hand at location stock in one warehouse, summed over lots, as numeric text per SKU. */
export const availableIn = async (
  db: Db,
  tenantId: number,
  warehouseId: number,
  skuIds: readonly number[],
): Promise<Map<number, string>> => {
  if (skuIds.length === 0) return new Map();
  const rows = await db
    .select({ id: stockBalances.productId, qty: sql<string>`sum(${stockBalances.quantity})::text` })
    .from(stockBalances)
    .where(
      and(
        eq(stockBalances.tenantId, tenantId),
        eq(stockBalances.book, 'inv'),
        eq(stockBalances.warehouseId, warehouseId),
        eq(stockBalances.location, 'stock'),
        inArray(stockBalances.productId, [...skuIds]),
      ),
    )
    .groupBy(stockBalances.productId);
  return new Map(rows.map((r) => [r.id, r.qty]));
};
