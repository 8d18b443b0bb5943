import { and, asc, count, desc, eq, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
import { pageRows } from '../../../platform/db/paging.js';
import { rowsOf } from '../../../platform/db/rows.js';
import { bump } from '../../../platform/db/writes.js';
import { contentPictureFolders, contentPictures, contentPictureUsages } from './media.tables.js';

// Folders, pictures and their usage rows. Owner titles are read from the owners' tables by plain SQL
// (articles, notices; banners are ours): those domains export no reader for this (ADR 0009).

export type FolderRow = typeof contentPictureFolders.$inferSelect;
export type PictureRow = typeof contentPictures.$inferSelect;
export type PictureListRow = PictureRow & { usageCount: number };

const usageCount = sql<number>`(select count(*)::int from content_picture_usages u where u.tenant_id = "content_pictures"."tenant_id" and u.picture_id = "content_pictures"."id")`;
const pictureCount = sql<number>`(select count(*)::int from content_pictures p where p.tenant_id = "content_picture_folders"."tenant_id" and p.folder_id = "content_picture_folders"."id")`;

const folderById = (tenantId: number, id: number) =>
  and(eq(contentPictureFolders.tenantId, tenantId), eq(contentPictureFolders.id, id)) as SQL;
const pictureById = (tenantId: number, id: number) =>
  and(eq(contentPictures.tenantId, tenantId), eq(contentPictures.id, id)) as SQL;

export const listFolders = async (db: Db, tenantId: number) => {
  const rows = await db
    .select({ f: contentPictureFolders, pictureCount })
    .from(contentPictureFolders)
    .where(eq(contentPictureFolders.tenantId, tenantId))
    .orderBy(asc(contentPictureFolders.folderName), asc(contentPictureFolders.id));
  return rows.map((r) => ({ ...r.f, pictureCount: r.pictureCount }));
};

export const findFolder = async (db: Db, tenantId: number, id: number): Promise<FolderRow | undefined> => {
  const [r] = await db.select().from(contentPictureFolders).where(folderById(tenantId, id));
  return r;
};

export const findFolderByName = async (db: Db, tenantId: number, parentId: number | null, name: string) => {
  const [r] = await db
    .select()
    .from(contentPictureFolders)
    .where(
      and(
        eq(contentPictureFolders.tenantId, tenantId),
        parentId === null
          ? isNull(contentPictureFolders.parentId)
          : eq(contentPictureFolders.parentId, parentId),
        eq(contentPictureFolders.folderName, name),
      ),
    );
  return r;
};

export const insertFolder = async (
  db: Db,
  tenantId: number,
  userId: number | null,
  parentId: number | null,
  folderName: string,
): Promise<FolderRow> => {
  const [r] = await db
    .insert(contentPictureFolders)
    .values({ tenantId, parentId, folderName, createdBy: userId, lastUpdatedBy: userId })
    .returning();
  if (!r) throw new Error('folder not stored');
  return r;
};

export const renameFolder = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  folderName: string,
): Promise<FolderRow | undefined> => {
  const [r] = await db
    .update(contentPictureFolders)
    .set({ folderName, ...bump(userId, contentPictureFolders.objectVersionNumber) })
    .where(and(folderById(tenantId, id), eq(contentPictureFolders.objectVersionNumber, version)))
    .returning();
  return r;
};

export const folderContents = async (db: Db, tenantId: number, id: number) => {
  const [p] = await db
    .select({ n: count() })
    .from(contentPictures)
    .where(and(eq(contentPictures.tenantId, tenantId), eq(contentPictures.folderId, id)));
  const [f] = await db
    .select({ n: count() })
    .from(contentPictureFolders)
    .where(and(eq(contentPictureFolders.tenantId, tenantId), eq(contentPictureFolders.parentId, id)));
  return { pictures: p?.n ?? 0, folders: f?.n ?? 0 };
};

export const deleteFolder = async (db: Db, tenantId: number, id: number): Promise<void> => {
  await db.delete(contentPictureFolders).where(folderById(tenantId, id));
};

export interface PictureFilter {
  /** undefined: every folder; null: the top level. */
  folderId?: number | null | undefined;
  name?: string | undefined;
}

export const listPictures = async (
  db: Db,
  tenantId: number,
  f: PictureFilter,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: PictureListRow[]; total: number }> => {
  const parts: SQL[] = [eq(contentPictures.tenantId, tenantId)];
  if (f.folderId === null) parts.push(isNull(contentPictures.folderId));
  else if (f.folderId !== undefined) parts.push(eq(contentPictures.folderId, f.folderId));
  if (f.name) parts.push(ilike(contentPictures.pictureName, `%${escapeLike(f.name)}%`));
  const where = and(...parts) as SQL;
  const page = await pageRows(
    db
      .select({ p: contentPictures, usageCount })
      .from(contentPictures)
      .where(where)
      .orderBy(desc(contentPictures.creationDate), desc(contentPictures.id)),
    () => db.select({ n: count() }).from(contentPictures).where(where),
    limit,
    offset,
  );
  return { rows: page.rows.map((r) => ({ ...r.p, usageCount: r.usageCount })), total: page.total };
};

export const findPicture = async (
  db: Db,
  tenantId: number,
  id: number,
): Promise<PictureListRow | undefined> => {
  const [r] = await db
    .select({ p: contentPictures, usageCount })
    .from(contentPictures)
    .where(pictureById(tenantId, id));
  return r ? { ...r.p, usageCount: r.usageCount } : undefined;
};

export const lockPicture = async (db: Db, tenantId: number, id: number): Promise<PictureRow | undefined> => {
  const [r] = await db.select().from(contentPictures).where(pictureById(tenantId, id)).for('update');
  return r;
};

export type PictureValues = Omit<typeof contentPictures.$inferInsert, 'tenantId' | 'id'>;

export const insertPicture = async (db: Db, tenantId: number, v: PictureValues): Promise<PictureRow> => {
  const [r] = await db
    .insert(contentPictures)
    .values({ ...v, tenantId, lastUpdatedBy: v.createdBy })
    .returning();
  if (!r) throw new Error('picture not stored');
  return r;
};

export const updatePicture = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: { pictureName?: string | undefined; folderId?: number | null | undefined },
): Promise<PictureRow | undefined> => {
  const set: Partial<typeof contentPictures.$inferInsert> = {};
  if (v.pictureName !== undefined) set.pictureName = v.pictureName;
  if (v.folderId !== undefined) set.folderId = v.folderId;
  const [r] = await db
    .update(contentPictures)
    .set({ ...set, ...bump(userId, contentPictures.objectVersionNumber) })
    .where(and(pictureById(tenantId, id), eq(contentPictures.objectVersionNumber, version)))
    .returning();
  return r;
};

export const deletePicture = async (db: Db, tenantId: number, id: number): Promise<void> => {
  await db.delete(contentPictures).where(pictureById(tenantId, id));
};

/** The tenant's pictures whose file is one of `fileIds`. */
export const picturesByFile = async (db: Db, tenantId: number, fileIds: string[]) =>
  fileIds.length === 0
    ? []
    : db
        .select({ id: contentPictures.id, fileId: contentPictures.fileId })
        .from(contentPictures)
        .where(and(eq(contentPictures.tenantId, tenantId), inArray(contentPictures.fileId, fileIds)));

/** The owner's usage rows become exactly `pictureIds`. */
export const replaceUsages = async (
  db: Db,
  tenantId: number,
  ownerType: string,
  ownerId: number,
  pictureIds: number[],
): Promise<void> => {
  await db
    .delete(contentPictureUsages)
    .where(
      and(
        eq(contentPictureUsages.tenantId, tenantId),
        eq(contentPictureUsages.ownerType, ownerType),
        eq(contentPictureUsages.ownerId, ownerId),
      ),
    );
  if (pictureIds.length === 0) return;
  await db
    .insert(contentPictureUsages)
    .values([...new Set(pictureIds)].map((pictureId) => ({ tenantId, pictureId, ownerType, ownerId })))
    .onConflictDoNothing();
};

/**
 * Who shows a picture, with the owner's title where its table has one. Titles come from the owners'
 * tables by name (a table not there yet reads as no title).
 */
export const pictureOwners = async (db: Db, tenantId: number, pictureId: number) => {
  const r = await db.execute(sql`
    select u.owner_type, u.owner_id,
           case u.owner_type
             when 'banner' then (select b.title from content_banners b where b.tenant_id = u.tenant_id and b.id = u.owner_id)
             when 'article' then (select a.title from content_articles a where a.tenant_id = u.tenant_id and a.id = u.owner_id)
             when 'notice' then (select n.title from notices n where n.tenant_id = u.tenant_id and n.id = u.owner_id)
             else null
           end as title
      from content_picture_usages u
     where u.tenant_id = ${tenantId} and u.picture_id = ${pictureId}
     order by u.owner_type, u.owner_id`);
  return rowsOf<{ owner_type: string; owner_id: string | number; title: string | null }>(r).map((x) => ({
    ownerType: x.owner_type,
    ownerId: Number(x.owner_id),
    title: x.title,
  }));
};
