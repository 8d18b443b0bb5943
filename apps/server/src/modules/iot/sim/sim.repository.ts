import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump, guardUnique, type Written } from '../../../platform/db/writes.js';
import { simCards } from './sim.tables.js';

export type SimRow = typeof simCards.$inferSelect;

export interface SimValues {
  iccid: string;
  msisdn: string | null;
  operator: string | null;
  planMb: number | null;
  usedMb: number;
  activatedAt: Date | null;
  expiresAt: Date | null;
  status: string;
  description: string | null;
}

export type SimWrite = Written<SimRow, 'iccid'>;

const UNIQUE = { sim_cards_iccid_uq: 'iccid' } as const;
const byTenant = (tenantId: number): SQL => eq(simCards.tenantId, tenantId);
const byId = (tenantId: number, id: number): SQL => and(byTenant(tenantId), eq(simCards.id, id)) as SQL;
const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface SimFilter {
  iccid?: string | undefined;
  operator?: string | undefined;
  status?: string | undefined;
}

export const listSims = async (
  db: Db,
  tenantId: number,
  f: SimFilter,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: SimRow[]; total: number }> => {
  const parts: SQL[] = [byTenant(tenantId)];
  if (f.iccid) parts.push(ilike(simCards.iccid, `%${escapeLike(f.iccid)}%`));
  if (f.operator) parts.push(ilike(simCards.operator, `%${escapeLike(f.operator)}%`));
  if (f.status) parts.push(eq(simCards.status, f.status));
  const where = and(...parts) as SQL;
  return pageRows(
    db.select().from(simCards).where(where).orderBy(asc(simCards.iccid), asc(simCards.id)),
    () => db.select({ n: count() }).from(simCards).where(where),
    limit,
    offset,
  );
};

export const findSim = async (db: Db, tenantId: number, id: number): Promise<SimRow | undefined> => {
  const [r] = await db.select().from(simCards).where(byId(tenantId, id));
  return r;
};

export const findSimByIccid = async (
  db: Db,
  tenantId: number,
  iccid: string,
): Promise<SimRow | undefined> => {
  const [r] = await db
    .select()
    .from(simCards)
    .where(and(byTenant(tenantId), eq(simCards.iccid, iccid)));
  return r;
};

export const insertSim = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: SimValues,
): Promise<SimWrite> => {
  const res = await guardUnique(UNIQUE, async () => {
    const [r] = await db
      .insert(simCards)
      .values({ tenantId, ...v, createdBy: userId, lastUpdatedBy: userId })
      .returning();
    return r;
  });
  if (!res) throw new Error('sim insert returned nothing');
  return res;
};

/** Optimistic update: undefined when no row has this id and version. */
export const updateSim = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: SimValues,
): Promise<SimWrite | undefined> =>
  guardUnique(UNIQUE, async () => {
    const [r] = await db
      .update(simCards)
      .set({ ...v, ...bump(userId, simCards.objectVersionNumber) })
      .where(and(byId(tenantId, id), eq(simCards.objectVersionNumber, version)))
      .returning();
    return r;
  });

export const deleteSim = async (db: Db, tenantId: number, id: number): Promise<boolean> => {
  const gone = await db.delete(simCards).where(byId(tenantId, id)).returning({ id: simCards.id });
  return gone.length > 0;
};

/** Demo seed: many active cards in one statement. */
export const insertSeedSimCards = async (
  db: Db,
  tenantId: number,
  rows: readonly {
    iccid: string;
    msisdn: string;
    operator: string;
    planMb: number;
    usedMb: number;
    activatedAt: Date;
    expiresAt: Date;
  }[],
) => {
  if (rows.length === 0) return;
  await db.insert(simCards).values(rows.map((r) => ({ tenantId, ...r, status: 'active' })));
};
