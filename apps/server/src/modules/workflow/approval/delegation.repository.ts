import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { approvalDelegations } from './workflow.tables.js';

// A user's own delegations while away.

export type DelegationRow = typeof approvalDelegations.$inferSelect;
export type DelegationValues = Omit<typeof approvalDelegations.$inferInsert, 'id'>;

const mine = (tenantId: number, userId: number) =>
  and(eq(approvalDelegations.tenantId, tenantId), eq(approvalDelegations.userId, userId));

export const listOwnDelegations = (
  db: Db,
  tenantId: number,
  userId: number,
  limit: number | undefined,
  offset: number,
) =>
  pageRows(
    db
      .select()
      .from(approvalDelegations)
      .where(mine(tenantId, userId))
      .orderBy(desc(approvalDelegations.id))
      .$dynamic(),
    () => db.select({ n: count() }).from(approvalDelegations).where(mine(tenantId, userId)),
    limit,
    offset,
  );

export const insertDelegation = async (db: Db, v: DelegationValues): Promise<DelegationRow> => {
  const [row] = await db.insert(approvalDelegations).values(v).returning();
  if (!row) throw new Error('delegation not inserted');
  return row;
};

/** Deletes the user's own delegation; answers whether there was one. */
export const deleteOwnDelegation = async (db: Db, tenantId: number, userId: number, id: number) =>
  (
    await db
      .delete(approvalDelegations)
      .where(and(mine(tenantId, userId), eq(approvalDelegations.id, id)))
      .returning({ id: approvalDelegations.id })
  ).length > 0;
