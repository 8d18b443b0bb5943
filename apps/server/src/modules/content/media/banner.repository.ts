import { and, asc, count, eq, gt, isNull, lte, max, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump } from '../../../platform/db/writes.js';
import { contentBanners, contentPictures } from './media.tables.js';

// Banner rows, each read with its picture (file id and size) for the console and the public call.

export type BannerRow = typeof contentBanners.$inferSelect;
export type BannerWithPicture = BannerRow & { fileId: string; width: number; height: number };
export type BannerValues = Pick<
  typeof contentBanners.$inferInsert,
  'pictureId' | 'title' | 'linkUrl' | 'placement' | 'startAt' | 'endAt' | 'enabledFlag'
>;

const byId = (tenantId: number, id: number) =>
  and(eq(contentBanners.tenantId, tenantId), eq(contentBanners.id, id)) as SQL;

const withPicture = (db: Db) =>
  db
    .select({
      b: contentBanners,
      fileId: contentPictures.fileId,
      width: contentPictures.width,
      height: contentPictures.height,
    })
    .from(contentBanners)
    .innerJoin(
      contentPictures,
      and(
        eq(contentPictures.tenantId, contentBanners.tenantId),
        eq(contentPictures.id, contentBanners.pictureId),
      ),
    );

type Joined = { b: BannerRow; fileId: string; width: number; height: number };
const flat = (r: Joined): BannerWithPicture => ({
  ...r.b,
  fileId: r.fileId,
  width: r.width,
  height: r.height,
});

export const listBanners = async (
  db: Db,
  tenantId: number,
  placement: string | undefined,
  limit: number | undefined,
  offset: number,
) => {
  const where = and(
    eq(contentBanners.tenantId, tenantId),
    placement ? eq(contentBanners.placement, placement) : undefined,
  ) as SQL;
  const page = await pageRows(
    withPicture(db)
      .where(where)
      .orderBy(asc(contentBanners.placement), asc(contentBanners.sortOrder), asc(contentBanners.id)),
    () => db.select({ n: count() }).from(contentBanners).where(where),
    limit,
    offset,
  );
  return { rows: page.rows.map(flat), total: page.total };
};

/** Enabled banners of a placement whose window holds `now`, in order, at most `limit`. */
export const liveBanners = async (
  db: Db,
  tenantId: number,
  placement: string,
  now: Date,
  limit: number,
): Promise<BannerWithPicture[]> => {
  const rows = await withPicture(db)
    .where(
      and(
        eq(contentBanners.tenantId, tenantId),
        eq(contentBanners.placement, placement),
        eq(contentBanners.enabledFlag, 1),
        or(isNull(contentBanners.startAt), lte(contentBanners.startAt, now)),
        or(isNull(contentBanners.endAt), gt(contentBanners.endAt, now)),
      ),
    )
    .orderBy(asc(contentBanners.sortOrder), asc(contentBanners.id))
    .limit(limit);
  return rows.map(flat);
};

export const findBanner = async (
  db: Db,
  tenantId: number,
  id: number,
): Promise<BannerWithPicture | undefined> => {
  const [r] = await withPicture(db).where(byId(tenantId, id));
  return r ? flat(r) : undefined;
};

export const nextSortOrder = async (db: Db, tenantId: number, placement: string): Promise<number> => {
  const [r] = await db
    .select({ m: max(contentBanners.sortOrder) })
    .from(contentBanners)
    .where(and(eq(contentBanners.tenantId, tenantId), eq(contentBanners.placement, placement)));
  return (r?.m ?? -1) + 1;
};

export const insertBanner = async (
  db: Db,
  tenantId: number,
  userId: number | null,
  v: BannerValues & { sortOrder: number },
): Promise<BannerRow> => {
  const [r] = await db
    .insert(contentBanners)
    .values({ ...v, tenantId, createdBy: userId, lastUpdatedBy: userId })
    .returning();
  if (!r) throw new Error('banner not stored');
  return r;
};

export const updateBanner = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: BannerValues & { sortOrder?: number },
): Promise<BannerRow | undefined> => {
  const [r] = await db
    .update(contentBanners)
    .set({ ...v, ...bump(userId, contentBanners.objectVersionNumber) })
    .where(and(byId(tenantId, id), eq(contentBanners.objectVersionNumber, version)))
    .returning();
  return r;
};

export const bannerIdsOf = async (db: Db, tenantId: number, placement: string): Promise<number[]> => {
  const rows = await db
    .select({ id: contentBanners.id })
    .from(contentBanners)
    .where(and(eq(contentBanners.tenantId, tenantId), eq(contentBanners.placement, placement)));
  return rows.map((r) => r.id);
};

/** Sets each banner's order to its index in `ids` (the version moves: an open edit form goes stale). */
export const setOrder = async (db: Db, tenantId: number, ids: number[], userId: number): Promise<void> => {
  for (const [i, id] of ids.entries()) {
    await db
      .update(contentBanners)
      .set({ sortOrder: i, ...bump(userId, contentBanners.objectVersionNumber) })
      .where(byId(tenantId, id));
  }
};

export const deleteBanner = async (db: Db, tenantId: number, id: number): Promise<boolean> => {
  const r = await db.delete(contentBanners).where(byId(tenantId, id)).returning({ id: contentBanners.id });
  return r.length > 0;
};
