import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
import { pageRows } from '../../../platform/db/paging.js';
import { rowsOf } from '../../../platform/db/rows.js';
import { bump } from '../../../platform/db/writes.js';
import { contentVideos } from './media.tables.js';

// Promo video rows and the poster runner's claims (heartbeat_at, like the panorama tiler's).

export type VideoRow = typeof contentVideos.$inferSelect;
const byId = (tenantId: number, id: number) =>
  and(eq(contentVideos.tenantId, tenantId), eq(contentVideos.id, id)) as SQL;

export const listVideos = async (
  db: Db,
  tenantId: number,
  f: { name?: string | undefined; status?: string | undefined },
  limit: number | undefined,
  offset: number,
) => {
  const where = and(
    eq(contentVideos.tenantId, tenantId),
    f.name ? ilike(contentVideos.videoName, `%${escapeLike(f.name)}%`) : undefined,
    f.status ? eq(contentVideos.status, f.status) : undefined,
  ) as SQL;
  return pageRows(
    db
      .select()
      .from(contentVideos)
      .where(where)
      .orderBy(desc(contentVideos.creationDate), desc(contentVideos.id)),
    () => db.select({ n: count() }).from(contentVideos).where(where),
    limit,
    offset,
  );
};

export const findVideo = async (db: Db, tenantId: number, id: number): Promise<VideoRow | undefined> => {
  const [r] = await db.select().from(contentVideos).where(byId(tenantId, id));
  return r;
};

export const insertVideo = async (
  db: Db,
  tenantId: number,
  userId: number | null,
  v: Pick<
    typeof contentVideos.$inferInsert,
    'videoName' | 'contentType' | 'fileSize' | 'durationMs' | 'width' | 'height' | 'assetKey'
  >,
): Promise<VideoRow> => {
  const [r] = await db
    .insert(contentVideos)
    .values({ ...v, tenantId, createdBy: userId, lastUpdatedBy: userId })
    .returning();
  if (!r) throw new Error('video not stored');
  return r;
};

export const updateVideo = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: { videoName?: string | undefined; description?: string | null | undefined },
): Promise<VideoRow | undefined> => {
  const set: Partial<typeof contentVideos.$inferInsert> = {};
  if (v.videoName !== undefined) set.videoName = v.videoName;
  if (v.description !== undefined) set.description = v.description;
  const [r] = await db
    .update(contentVideos)
    .set({ ...set, ...bump(userId, contentVideos.objectVersionNumber) })
    .where(and(byId(tenantId, id), eq(contentVideos.objectVersionNumber, version)))
    .returning();
  return r;
};

export const deleteVideo = async (db: Db, tenantId: number, id: number): Promise<void> => {
  await db.delete(contentVideos).where(byId(tenantId, id));
};

const claimable = (tenantId: number, staleBefore: number) =>
  and(
    eq(contentVideos.tenantId, tenantId),
    eq(contentVideos.status, 'processing'),
    or(isNull(contentVideos.heartbeatAt), lt(contentVideos.heartbeatAt, staleBefore)),
  ) as SQL;

/** Takes the oldest waiting video for this runner; undefined when none, null when another took it. */
export const claimVideo = async (
  db: Db,
  tenantId: number,
  staleBefore: number,
): Promise<VideoRow | null | undefined> => {
  const [next] = await db
    .select({ id: contentVideos.id })
    .from(contentVideos)
    .where(claimable(tenantId, staleBefore))
    .orderBy(asc(contentVideos.id))
    .limit(1);
  if (!next) return undefined;
  const [r] = await db
    .update(contentVideos)
    .set({ heartbeatAt: Date.now(), progress: 5, error: null })
    .where(and(eq(contentVideos.id, next.id), claimable(tenantId, staleBefore)))
    .returning();
  return r ?? null;
};

export const setVideoState = async (
  db: Db,
  tenantId: number,
  id: number,
  assetKey: string,
  v: Partial<Pick<typeof contentVideos.$inferInsert, 'status' | 'progress' | 'error'>>,
): Promise<boolean> => {
  const r = await db
    .update(contentVideos)
    .set({ ...v, heartbeatAt: v.status && v.status !== 'processing' ? null : Date.now() })
    .where(
      and(byId(tenantId, id), eq(contentVideos.assetKey, assetKey), eq(contentVideos.status, 'processing')),
    )
    .returning({ id: contentVideos.id });
  return r.length > 0;
};

/**
 * Products that show the video (seed products, traced products), named for the 409. Plain SQL: farm/seed
 * and trace/catalog own those tables (ADR 0009).
 */
export const videoUsers = async (db: Db, tenantId: number, id: number): Promise<string[]> => {
  const r = await db.execute(sql`
    select name from (
      select s.seed_name as name from seed_products s where s.tenant_id = ${tenantId} and s.promo_video_id = ${id}
      union all
      select p.product_name from trace_products p where p.tenant_id = ${tenantId} and p.promo_video_id = ${id}
    ) u order by name limit 20`);
  return rowsOf<{ name: string }>(r).map((x) => x.name);
};

/**
 * The demo: the first seed product of the tenant without a video shows the demo video (plain SQL, like
 * videoUsers: farm/seed owns the table and itself imports this domain).
 */
export const attachDemoSeedVideo = async (db: Db, tenantId: number, id: number): Promise<void> => {
  await db.execute(sql`
    update seed_products set promo_video_id = ${id}
    where id = (select min(id) from seed_products where tenant_id = ${tenantId})
      and tenant_id = ${tenantId} and promo_video_id is null`);
};

export const findVideoByAsset = async (
  db: Db,
  tenantId: number,
  assetKey: string,
): Promise<VideoRow | undefined> => {
  const [r] = await db
    .select()
    .from(contentVideos)
    .where(and(eq(contentVideos.tenantId, tenantId), eq(contentVideos.assetKey, assetKey)) as SQL);
  return r;
};

export const videosByIds = async (db: Db, tenantId: number, ids: number[]): Promise<VideoRow[]> =>
  ids.length === 0
    ? []
    : db
        .select()
        .from(contentVideos)
        .where(and(eq(contentVideos.tenantId, tenantId), inArray(contentVideos.id, ids)) as SQL);

export const readyVideoNamed = async (
  db: Db,
  tenantId: number,
  name: string,
): Promise<number | undefined> => {
  const [r] = await db
    .select({ id: contentVideos.id })
    .from(contentVideos)
    .where(
      and(
        eq(contentVideos.tenantId, tenantId),
        eq(contentVideos.videoName, name),
        eq(contentVideos.status, 'ready'),
      ) as SQL,
    )
    .orderBy(asc(contentVideos.id))
    .limit(1);
  return r?.id;
};
