import { and, count, desc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump, guardUnique, type Written } from '../../../platform/db/writes.js';
import { invBusinesses } from './business.tables.js';

export type BusinessRow = typeof invBusinesses.$inferSelect;
export interface BusinessValues {
  businessCode: string;
  businessName: string;
  category: string;
  bankName: string | null;
  bankAccount: string | null;
  taxNo: string | null;
  contactName: string | null;
  contactPhone: string | null;
  address: string | null;
  remark: string | null;
  enabledFlag: number;
}
export type BusinessWrite = Written<BusinessRow, 'code' | 'name'>;

const UNIQUE = { inv_businesses_code_uq: 'code', inv_businesses_name_uq: 'name' } as const;
const B = invBusinesses;
const byId = (tenantId: number, id: number): SQL => and(eq(B.tenantId, tenantId), eq(B.id, id)) as SQL;

export interface BusinessFilter {
  keyword?: string | undefined;
  category?: string | undefined;
  enabledFlag?: number | undefined;
}

export const listBusinesses = async (
  db: Db,
  tenantId: number,
  f: BusinessFilter,
  limit: number | undefined,
  offset: number,
) => {
  const parts: SQL[] = [eq(B.tenantId, tenantId)];
  if (f.keyword) {
    const like = `%${escapeLike(f.keyword)}%`;
    parts.push(or(ilike(B.businessName, like), ilike(B.businessCode, like)) as SQL);
  }
  // A supplier filter also answers 'both' (and a customer one likewise): pickers want every fit.
  if (f.category) parts.push(inArray(B.category, f.category === 'both' ? ['both'] : [f.category, 'both']));
  if (f.enabledFlag !== undefined) parts.push(eq(B.enabledFlag, f.enabledFlag));
  const where = and(...parts) as SQL;
  const q = db.select().from(B).where(where).orderBy(desc(B.creationDate), desc(B.id));
  return pageRows(q, () => db.select({ n: count() }).from(B).where(where), limit, offset);
};

/** The counterparty of this tenant with this id, if any (other domains: existence, category, name). */
export const findBusiness = async (
  db: Db,
  tenantId: number,
  id: number,
): Promise<BusinessRow | undefined> => {
  const [r] = await db.select().from(B).where(byId(tenantId, id));
  return r;
};

export const lockBusiness = async (db: Db, tenantId: number, id: number) => {
  const [r] = await db.select().from(B).where(byId(tenantId, id)).for('update');
  return r;
};

export const businessTaken = async (
  db: Db,
  tenantId: number,
  v: BusinessValues,
  exceptId?: number,
): Promise<'code' | 'name' | undefined> => {
  for (const [field, col, value] of [
    ['code', B.businessCode, v.businessCode],
    ['name', B.businessName, v.businessName],
  ] as const) {
    const parts = [eq(B.tenantId, tenantId), eq(col, value)];
    if (exceptId !== undefined) parts.push(ne(B.id, exceptId));
    const [r] = await db
      .select({ id: B.id })
      .from(B)
      .where(and(...parts))
      .limit(1);
    if (r) return field;
  }
  return undefined;
};

export const insertBusiness = async (db: Db, tenantId: number, userId: number, v: BusinessValues) =>
  guardUnique(UNIQUE, async () => {
    const [r] = await db
      .insert(B)
      .values({ tenantId, ...v, createdBy: userId, lastUpdatedBy: userId })
      .returning();
    return r;
  });

export const updateBusiness = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: BusinessValues,
): Promise<BusinessWrite | undefined> =>
  guardUnique(UNIQUE, async () => {
    const [r] = await db
      .update(B)
      .set({ ...v, ...bump(userId, B.objectVersionNumber) })
      .where(and(byId(tenantId, id), eq(B.objectVersionNumber, version)))
      .returning();
    return r;
  });

export const deleteBusiness = async (db: Db, tenantId: number, id: number): Promise<void> => {
  await db.delete(B).where(byId(tenantId, id));
};
