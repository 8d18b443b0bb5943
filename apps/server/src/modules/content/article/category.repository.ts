import { and, asc, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { bump, guardUnique, type Written } from '../../../platform/db/writes.js';
import { contentArticles, contentCategories } from './article.tables.js';

export type CategoryRow = typeof contentCategories.$inferSelect;
export type CategoryListRow = CategoryRow & { articleCount: number };

const C = contentCategories;
const byId = (tenantId: number, id: number): SQL => and(eq(C.tenantId, tenantId), eq(C.id, id)) as SQL;
const UNIQUE = { content_categories_name_uq: 'nameTaken' } as const;
// The unique index treats NULL parents as distinct, so top-level names are checked here too.
const siblingsOf = (tenantId: number, parentId: number | null): SQL =>
  and(eq(C.tenantId, tenantId), parentId === null ? isNull(C.parentId) : eq(C.parentId, parentId)) as SQL;

export const listCategories = async (
  db: Db,
  tenantId: number,
  enabledFlag: number | undefined,
): Promise<CategoryListRow[]> => {
  const used = db
    .select({ categoryId: contentArticles.categoryId, n: count().as('n') })
    .from(contentArticles)
    .where(eq(contentArticles.tenantId, tenantId))
    .groupBy(contentArticles.categoryId)
    .as('used');
  const rows = await db
    .select({ c: C, n: used.n })
    .from(C)
    .leftJoin(used, eq(used.categoryId, C.id))
    .where(
      and(eq(C.tenantId, tenantId), enabledFlag === undefined ? undefined : eq(C.enabledFlag, enabledFlag)),
    )
    .orderBy(asc(C.sortOrder), asc(C.id));
  return rows.map((r) => ({ ...r.c, articleCount: Number(r.n ?? 0) }));
};

export const findCategory = async (
  db: Db,
  tenantId: number,
  id: number,
): Promise<CategoryRow | undefined> => {
  const [r] = await db.select().from(C).where(byId(tenantId, id));
  return r;
};

export const lockCategory = async (
  db: Db,
  tenantId: number,
  id: number,
): Promise<CategoryRow | undefined> => {
  const [r] = await db.select().from(C).where(byId(tenantId, id)).for('update');
  return r;
};

export const siblingNamed = async (
  db: Db,
  tenantId: number,
  parentId: number | null,
  name: string,
): Promise<CategoryRow | undefined> => {
  const [r] = await db
    .select()
    .from(C)
    .where(and(siblingsOf(tenantId, parentId), sql`lower(${C.categoryName}) = lower(${name})`));
  return r;
};

export const childrenOf = async (db: Db, tenantId: number, parentId: number | null): Promise<CategoryRow[]> =>
  db.select().from(C).where(siblingsOf(tenantId, parentId)).orderBy(asc(C.sortOrder), asc(C.id));

export const insertCategory = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: {
    parentId: number | null;
    categoryName: string;
    categoryEnName: string | null;
    enabledFlag: number;
    sortOrder: number;
  },
): Promise<Written<CategoryRow, 'nameTaken'> | undefined> =>
  guardUnique(UNIQUE, async () => {
    const [r] = await db
      .insert(C)
      .values({ tenantId, ...v, createdBy: userId, lastUpdatedBy: userId })
      .returning();
    return r;
  });

export const updateCategory = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: Partial<Pick<CategoryRow, 'categoryName' | 'categoryEnName' | 'enabledFlag' | 'sortOrder'>>,
): Promise<Written<CategoryRow, 'nameTaken'> | undefined> =>
  guardUnique(UNIQUE, async () => {
    const [r] = await db
      .update(C)
      .set({ ...v, ...bump(userId, C.objectVersionNumber) })
      .where(and(byId(tenantId, id), eq(C.objectVersionNumber, version)))
      .returning();
    return r;
  });

/** Sets one category's place among its siblings (an order change is not an edit of its name: no 409 for it). */
export const setSortOrder = async (
  db: Db,
  tenantId: number,
  id: number,
  sortOrder: number,
): Promise<void> => {
  await db.update(C).set({ sortOrder }).where(byId(tenantId, id));
};

export const deleteCategory = async (db: Db, tenantId: number, id: number): Promise<void> => {
  await db.delete(C).where(byId(tenantId, id));
};
