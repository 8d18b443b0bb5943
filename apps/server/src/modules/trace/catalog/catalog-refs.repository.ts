import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
import { pageRows } from '../../../platform/db/paging.js';
import type { Lang } from '../../../platform/i18n/lang.js';
import { areas } from '../../farm/area/index.js';
import { batches } from '../../farm/batch/index.js';
import { cropLabel, crops, varieties } from '../../farm/crop/index.js';
import { lands } from '../../farm/land/index.js';
import { users } from '../../identity/identity/index.js';
import { invProducts } from '../../inventory/product/index.js';
import { ownFiles } from '../../messaging/file/index.js';

// What the catalogue reads of other domains (their exported tables): farm batches as harvests, inventory
// products, crops and varieties, stored files and user names.

/** Farm batch statuses a trace batch may be made of: the harvest is in. */
export const HARVESTED_STATUSES = ['harvested', 'closed'] as const;

export interface HarvestRow {
  farmBatchId: number;
  batchCode: string;
  batchName: string;
  status: string;
  cropName: string | null;
  varietyName: string | null;
  areaName: string | null;
  landName: string | null;
  startDate: string;
  harvestDate: string | null;
  harvestQuantity: string | null;
  unit: string | null;
}

const harvestSelect = (db: Db, lang: Lang) =>
  db
    .select({
      farmBatchId: batches.id,
      batchCode: batches.batchCode,
      batchName: batches.batchName,
      status: batches.status,
      cropName: cropLabel(lang),
      varietyName: varieties.varietyName,
      areaName: areas.areaName,
      landName: lands.landName,
      startDate: batches.startDate,
      harvestDate: batches.harvestDate,
      harvestQuantity: batches.harvestQuantity,
      unit: batches.unit,
    })
    .from(batches)
    .leftJoin(areas, and(eq(areas.tenantId, batches.tenantId), eq(areas.id, batches.areaId)))
    .leftJoin(lands, and(eq(lands.tenantId, batches.tenantId), eq(lands.id, batches.landId)))
    .leftJoin(crops, and(eq(crops.tenantId, batches.tenantId), eq(crops.id, batches.cropId)))
    .leftJoin(varieties, and(eq(varieties.tenantId, batches.tenantId), eq(varieties.id, batches.varietyId)));

/** Harvested or closed farm batches, newest harvest first (code or name contains keyword). */
export const listHarvests = async (
  db: Db,
  tenantId: number,
  lang: Lang,
  keyword: string | undefined,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: HarvestRow[]; total: number }> => {
  const parts: SQL[] = [eq(batches.tenantId, tenantId), inArray(batches.status, [...HARVESTED_STATUSES])];
  if (keyword) {
    const k = `%${escapeLike(keyword)}%`;
    parts.push(or(ilike(batches.batchCode, k), ilike(batches.batchName, k)) as SQL);
  }
  const where = and(...parts) as SQL;
  return pageRows(
    harvestSelect(db, lang).where(where).orderBy(desc(batches.harvestDate), desc(batches.id)),
    () => db.select({ n: count() }).from(batches).where(where),
    limit,
    offset,
  );
};

/** These farm batches of the tenant (any status), as harvests. */
export const harvestsByIds = async (
  db: Db,
  tenantId: number,
  lang: Lang,
  ids: readonly number[],
): Promise<HarvestRow[]> =>
  ids.length === 0
    ? []
    : harvestSelect(db, lang).where(and(eq(batches.tenantId, tenantId), inArray(batches.id, [...ids])));

export const inventoryProductRef = async (
  db: Db,
  tenantId: number,
  id: number,
): Promise<
  { id: number; productName: string; cropId: number | null; varietyId: number | null } | undefined
> => {
  const [r] = await db
    .select({
      id: invProducts.id,
      productName: invProducts.productName,
      cropId: invProducts.cropId,
      varietyId: invProducts.varietyId,
    })
    .from(invProducts)
    .where(and(eq(invProducts.tenantId, tenantId), eq(invProducts.id, id)));
  return r;
};

export const cropRef = async (db: Db, tenantId: number, id: number): Promise<boolean> =>
  (
    await db
      .select({ id: crops.id })
      .from(crops)
      .where(and(eq(crops.tenantId, tenantId), eq(crops.id, id)))
  ).length > 0;

export const varietyOfCrop = async (db: Db, tenantId: number, id: number, cropId: number): Promise<boolean> =>
  (
    await db
      .select({ id: varieties.id })
      .from(varieties)
      .where(and(eq(varieties.tenantId, tenantId), eq(varieties.id, id), eq(varieties.cropId, cropId)))
  ).length > 0;

/** Names shown next to products: inventory product, crop and variety names by id. */
export const productRefNames = async (
  db: Db,
  tenantId: number,
  lang: Lang,
  ids: { inventory: number[]; crop: number[]; variety: number[] },
): Promise<{ inventory: Map<number, string>; crop: Map<number, string>; variety: Map<number, string> }> => {
  const inventory = new Map<number, string>();
  const crop = new Map<number, string>();
  const variety = new Map<number, string>();
  if (ids.inventory.length > 0) {
    const rows = await db
      .select({ id: invProducts.id, name: invProducts.productName })
      .from(invProducts)
      .where(and(eq(invProducts.tenantId, tenantId), inArray(invProducts.id, ids.inventory)));
    for (const r of rows) inventory.set(r.id, r.name);
  }
  if (ids.crop.length > 0) {
    const rows = await db
      .select({ id: crops.id, name: cropLabel(lang) })
      .from(crops)
      .where(and(eq(crops.tenantId, tenantId), inArray(crops.id, ids.crop)));
    for (const r of rows) crop.set(r.id, r.name);
  }
  if (ids.variety.length > 0) {
    const rows = await db
      .select({ id: varieties.id, name: varieties.varietyName })
      .from(varieties)
      .where(and(eq(varieties.tenantId, tenantId), inArray(varieties.id, ids.variety)));
    for (const r of rows) variety.set(r.id, r.name);
  }
  return { inventory, crop, variety };
};

/** The stored files of the tenant among `ids`. */
export const ownFileIds = async (db: Db, tenantId: number, ids: readonly string[]): Promise<Set<string>> =>
  new Set((await ownFiles(db, tenantId, ids)).map((f) => f.id.toLowerCase()));

export const userNames = async (db: Db, ids: readonly number[]): Promise<Map<number, string>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.realName })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
};

/** The demo seed's lookups: inventory products by name, and the newest harvested farm batch of a crop. */
export const inventoryProductIdByName = async (
  db: Db,
  tenantId: number,
  name: string,
): Promise<number | undefined> => {
  const [r] = await db
    .select({ id: invProducts.id })
    .from(invProducts)
    .where(and(eq(invProducts.tenantId, tenantId), eq(invProducts.productName, name)))
    .limit(1);
  return r?.id;
};

export const harvestedBatchOfCrop = async (
  db: Db,
  tenantId: number,
  cropId: number,
): Promise<{ id: number; harvestDate: string | null; harvestQuantity: string | null } | undefined> => {
  const [r] = await db
    .select({ id: batches.id, harvestDate: batches.harvestDate, harvestQuantity: batches.harvestQuantity })
    .from(batches)
    .where(
      and(
        eq(batches.tenantId, tenantId),
        eq(batches.cropId, cropId),
        inArray(batches.status, [...HARVESTED_STATUSES]),
      ),
    )
    .orderBy(desc(batches.harvestDate))
    .limit(1);
  return r;
};
