import { and, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
import { bump, guardUnique, type Written } from '../../../platform/db/writes.js';
import { crops, varieties } from '../../farm/crop/index.js';
import { invUnits } from '../unit/index.js';
import { countOver, pageWithTotal } from './product.paging.js';
import { invProducts, invSkus } from './product.tables.js';

export type ProductRow = typeof invProducts.$inferSelect;
export type ProductValues = Omit<
  typeof invProducts.$inferInsert,
  | 'tenantId'
  | 'id'
  | 'objectVersionNumber'
  | 'createdBy'
  | 'creationDate'
  | 'lastUpdatedBy'
  | 'lastUpdateDate'
>;
export type ProductWrite = Written<ProductRow, 'code'>;

const UNIQUE = { inv_products_code_uq: 'code' } as const;

const byTenant = (tenantId: number): SQL => eq(invProducts.tenantId, tenantId);
const byId = (tenantId: number, id: number): SQL => and(byTenant(tenantId), eq(invProducts.id, id)) as SQL;

export interface ProductFilter {
  keyword?: string | undefined;
  productType?: string | undefined;
  enabledFlag?: number | undefined;
  cropId?: number | undefined;
}

// Correlated subqueries name the outer table literally: Drizzle renders a column unqualified inside sql``.
const unitName = (col: string) =>
  sql.raw(
    `(select u.unit_name from inv_units u where u.tenant_id = inv_products.tenant_id and u.id = inv_products.${col})`,
  );
const stockUnit = unitName('stock_unit_id');
const purchaseUnit = unitName('purchase_unit_id');
const retailUnit = unitName('retail_unit_id');
const cropName = sql.raw(
  '(select c.crop_name from crops c where c.tenant_id = inv_products.tenant_id and c.id = inv_products.crop_id)',
);
const varietyName = sql.raw(
  '(select v.variety_name from varieties v where v.tenant_id = inv_products.tenant_id and v.id = inv_products.variety_id)',
);
// Counted per row of the page only (index inv_skus_product_idx), never over the whole table.
const skuCount = sql.raw(
  '(select count(*) from inv_skus s where s.tenant_id = inv_products.tenant_id and s.product_id = inv_products.id)',
);

/** A product with the names a list or form shows. */
export interface ProductView extends ProductRow {
  stockUnitName: string | null;
  purchaseUnitName: string | null;
  retailUnitName: string | null;
  cropName: string | null;
  varietyName: string | null;
  skuCount: number;
}

const viewColumns = {
  product: invProducts,
  stockUnitName: stockUnit.mapWith(String),
  purchaseUnitName: purchaseUnit.mapWith(String),
  retailUnitName: retailUnit.mapWith(String),
  cropName: cropName.mapWith(String),
  varietyName: varietyName.mapWith(String),
  skuCount: skuCount.mapWith(Number),
};

type ViewSelect = {
  product: ProductRow;
  stockUnitName: string | null;
  purchaseUnitName: string | null;
  retailUnitName: string | null;
  cropName: string | null;
  varietyName: string | null;
  skuCount: number;
};
const flat = (r: ViewSelect): ProductView => ({ ...r.product, ...r, skuCount: Number(r.skuCount) });

/** One page (limit undefined = all) and the total, newest first. */
export const listProducts = async (
  db: Db,
  tenantId: number,
  f: ProductFilter,
  limit?: number,
  offset = 0,
): Promise<{ rows: ProductView[]; total: number }> => {
  const parts: SQL[] = [byTenant(tenantId)];
  if (f.keyword) {
    const k = `%${escapeLike(f.keyword)}%`;
    parts.push(
      or(
        ilike(invProducts.productName, k),
        ilike(invProducts.productCode, k),
        ilike(invProducts.alias, k),
      ) as SQL,
    );
  }
  if (f.productType) parts.push(eq(invProducts.productType, f.productType));
  if (f.enabledFlag !== undefined) parts.push(eq(invProducts.enabledFlag, f.enabledFlag));
  if (f.cropId !== undefined) parts.push(eq(invProducts.cropId, f.cropId));
  const where = and(...parts) as SQL;
  // The page's ids first, then their names and counts: the subqueries run for 10 rows, not for the
  // rows an offset skips (PostgreSQL evaluates the select list of skipped rows too).
  const q = db
    .select({ id: invProducts.id, total: countOver })
    .from(invProducts)
    .where(where)
    .orderBy(desc(invProducts.creationDate), desc(invProducts.id));
  const { rows: page, total } = await pageWithTotal(
    q,
    () => db.select({ n: count() }).from(invProducts).where(where),
    limit,
    offset,
  );
  if (page.length === 0) return { rows: [], total };
  const views = await db
    .select(viewColumns)
    .from(invProducts)
    .where(
      and(
        byTenant(tenantId),
        inArray(
          invProducts.id,
          page.map((r) => r.id),
        ),
      ),
    );
  const byId = new Map(views.map((r) => [r.product.id, flat(r)]));
  return { rows: page.flatMap((r) => byId.get(r.id) ?? []), total };
};

export const findProductView = async (
  db: Db,
  tenantId: number,
  id: number,
): Promise<ProductView | undefined> => {
  const [r] = await db.select(viewColumns).from(invProducts).where(byId(tenantId, id));
  return r ? flat(r) : undefined;
};

/** One product; locked FOR UPDATE while its SKUs are rewritten or it is deleted. */
export const lockProduct = async (db: Db, tenantId: number, id: number): Promise<ProductRow | undefined> => {
  const [r] = await db.select().from(invProducts).where(byId(tenantId, id)).for('update');
  return r;
};

export const productCodeTaken = async (
  db: Db,
  tenantId: number,
  code: string,
  exceptId?: number,
): Promise<boolean> => {
  const parts = [byTenant(tenantId), eq(invProducts.productCode, code)];
  if (exceptId !== undefined) parts.push(ne(invProducts.id, exceptId));
  const [r] = await db
    .select({ id: invProducts.id })
    .from(invProducts)
    .where(and(...parts))
    .limit(1);
  return r !== undefined;
};

export const insertProduct = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: ProductValues,
): Promise<ProductWrite> => {
  const res = await guardUnique(UNIQUE, async () => {
    const [r] = await db
      .insert(invProducts)
      .values({ ...v, tenantId, createdBy: userId, lastUpdatedBy: userId })
      .returning();
    return r;
  });
  if (!res) throw new Error('product insert returned nothing');
  return res;
};

/** Optimistic update: undefined when no row has this id and version. */
export const updateProduct = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: ProductValues,
): Promise<ProductWrite | undefined> =>
  guardUnique(UNIQUE, async () => {
    const [r] = await db
      .update(invProducts)
      .set({ ...v, ...bump(userId, invProducts.objectVersionNumber) })
      .where(and(byId(tenantId, id), eq(invProducts.objectVersionNumber, version)))
      .returning();
    return r;
  });

export const deleteProduct = async (db: Db, tenantId: number, id: number): Promise<void> => {
  await db.delete(invProducts).where(byId(tenantId, id));
};

export interface UnitRef {
  id: number;
  unitName: string;
  enabledFlag: number;
}

export const unitsByIds = async (
  db: Db,
  tenantId: number,
  ids: readonly number[],
): Promise<Map<number, UnitRef>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: invUnits.id, unitName: invUnits.unitName, enabledFlag: invUnits.enabledFlag })
    .from(invUnits)
    .where(and(eq(invUnits.tenantId, tenantId), inArray(invUnits.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r]));
};

/** The crop and variety, when the variety is of the crop. */
export const cropAndVariety = async (
  db: Db,
  tenantId: number,
  cropId: number,
  varietyId: number,
): Promise<boolean> => {
  const [r] = await db
    .select({ id: varieties.id })
    .from(varieties)
    .innerJoin(crops, and(eq(crops.tenantId, varieties.tenantId), eq(crops.id, varieties.cropId)))
    .where(and(eq(varieties.tenantId, tenantId), eq(varieties.id, varietyId), eq(crops.id, cropId)));
  return r !== undefined;
};

// ---- Reference checks (what refers to units, attributes and values) ----

export const productsUsingUnit = async (db: Db, tenantId: number, unitId: number): Promise<number> => {
  const [r] = await db
    .select({ n: count() })
    .from(invProducts)
    .where(
      and(
        byTenant(tenantId),
        or(
          eq(invProducts.stockUnitId, unitId),
          eq(invProducts.purchaseUnitId, unitId),
          eq(invProducts.retailUnitId, unitId),
        ),
      ),
    );
  return r?.n ?? 0;
};

export const productsUsingStandard = async (
  db: Db,
  tenantId: number,
  standardId: number,
): Promise<number> => {
  const [r] = await db
    .select({ n: count() })
    .from(invProducts)
    .where(
      and(byTenant(tenantId), sql`${invProducts.standardIds} @> ${JSON.stringify([standardId])}::jsonb`),
    );
  return r?.n ?? 0;
};

export const skusUsingValue = async (db: Db, tenantId: number, valueId: number): Promise<number> => {
  const [r] = await db
    .select({ n: count() })
    .from(invSkus)
    .where(
      and(eq(invSkus.tenantId, tenantId), sql`${invSkus.valueIds} @> ${JSON.stringify([valueId])}::jsonb`),
    );
  return r?.n ?? 0;
};
