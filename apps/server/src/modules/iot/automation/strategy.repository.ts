import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump } from '../../../platform/db/writes.js';
import { strategies, strategyRuns } from './automation.tables.js';

// Strategies (trigger, guards, action, engine bookkeeping) and the log of their runs.

export type StrategyRow = typeof strategies.$inferSelect;
export type RunRow = typeof strategyRuns.$inferSelect;

export interface StrategyValues {
  name: string;
  enabledFlag: number;
  trigger: Record<string, unknown>;
  guards: Record<string, unknown>[];
  action: Record<string, unknown>;
  description: string | null;
}

const strategyById = (tenantId: number, id: number): SQL =>
  and(eq(strategies.tenantId, tenantId), eq(strategies.id, id)) as SQL;

export const listStrategies = async (
  db: Db,
  tenantId: number,
  f: { name?: string | undefined; enabledFlag?: number | undefined },
  limit?: number,
  offset = 0,
): Promise<{ rows: StrategyRow[]; total: number }> => {
  const parts: SQL[] = [eq(strategies.tenantId, tenantId)];
  if (f.name) parts.push(ilike(strategies.name, `%${escapeLike(f.name)}%`));
  if (f.enabledFlag !== undefined) parts.push(eq(strategies.enabledFlag, f.enabledFlag));
  const where = and(...parts) as SQL;
  return pageRows(
    db.select().from(strategies).where(where).orderBy(desc(strategies.id)),
    () => db.select({ n: count() }).from(strategies).where(where),
    limit,
    offset,
  );
};

export const findStrategy = async (
  db: Db,
  tenantId: number,
  id: number,
  lock?: 'update',
): Promise<StrategyRow | undefined> => {
  const q = db.select().from(strategies).where(strategyById(tenantId, id));
  const [r] = lock ? await q.for(lock) : await q;
  return r;
};

/** Strategies the engine looks at: enabled ones, and any with a stop still due. Locked, skipping busy rows. */
export const dueStrategies = (db: Db, tenantId: number): Promise<StrategyRow[]> =>
  db
    .select()
    .from(strategies)
    .where(
      and(
        eq(strategies.tenantId, tenantId),
        sql`(${strategies.enabledFlag} = 1 or ${strategies.quietUntil} is not null)`,
      ),
    )
    .orderBy(asc(strategies.id))
    .for('update', { skipLocked: true });

/** Strategies using a group as their target. */
export const strategiesOfGroup = (db: Db, tenantId: number, groupId: number) =>
  db
    .select({ id: strategies.id, name: strategies.name })
    .from(strategies)
    .where(
      and(
        eq(strategies.tenantId, tenantId),
        sql`${strategies.action}->>'targetKind' = 'group'`,
        sql`(${strategies.action}->>'targetId')::bigint = ${groupId}`,
      ),
    );

export const insertStrategy = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: StrategyValues,
): Promise<number> => {
  const [r] = await db
    .insert(strategies)
    .values({ tenantId, ...v, createdBy: userId, lastUpdatedBy: userId })
    .returning({ id: strategies.id });
  if (!r) throw new Error('strategy insert returned nothing');
  return r.id;
};

export const updateStrategy = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number | undefined,
  userId: number,
  v: Partial<StrategyValues> & { conditionSince?: Date | null },
): Promise<boolean> => {
  const where =
    version === undefined
      ? strategyById(tenantId, id)
      : and(strategyById(tenantId, id), eq(strategies.objectVersionNumber, version));
  const r = await db
    .update(strategies)
    .set({ ...v, ...bump(userId, strategies.objectVersionNumber) })
    .where(where)
    .returning({ id: strategies.id });
  return r.length > 0;
};

/** Engine bookkeeping; not a user edit, so the version stays. */
export const setStrategyState = async (
  db: Db,
  tenantId: number,
  id: number,
  v: { conditionSince?: Date | null; lastRunAt?: Date | null; quietUntil?: Date | null },
): Promise<void> => {
  await db.update(strategies).set(v).where(strategyById(tenantId, id));
};

export const deleteStrategy = async (db: Db, tenantId: number, id: number): Promise<boolean> => {
  await db
    .delete(strategyRuns)
    .where(and(eq(strategyRuns.tenantId, tenantId), eq(strategyRuns.strategyId, id)));
  const gone = await db.delete(strategies).where(strategyById(tenantId, id)).returning({ id: strategies.id });
  return gone.length > 0;
};

// ---- runs ----

export const insertRun = async (
  db: Db,
  tenantId: number,
  v: { strategyId: number; outcome: string; message: string; commandIds: string[]; at: Date },
): Promise<RunRow> => {
  const [r] = await db
    .insert(strategyRuns)
    .values({ tenantId, ...v })
    .returning();
  if (!r) throw new Error('strategy run insert returned nothing');
  return r;
};

export const listRuns = async (
  db: Db,
  tenantId: number,
  strategyId: number,
  outcome: string | undefined,
  limit?: number,
  offset = 0,
): Promise<{ rows: RunRow[]; total: number }> => {
  const where = and(
    eq(strategyRuns.tenantId, tenantId),
    eq(strategyRuns.strategyId, strategyId),
    outcome ? eq(strategyRuns.outcome, outcome) : undefined,
  ) as SQL;
  return pageRows(
    db.select().from(strategyRuns).where(where).orderBy(desc(strategyRuns.at), desc(strategyRuns.id)),
    () => db.select({ n: count() }).from(strategyRuns).where(where),
    limit,
    offset,
  );
};

/** The newest run of each strategy. */
export const lastRuns = async (
  db: Db,
  tenantId: number,
  ids: readonly number[],
): Promise<Map<number, RunRow>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([strategyRuns.strategyId])
    .from(strategyRuns)
    .where(and(eq(strategyRuns.tenantId, tenantId), inArray(strategyRuns.strategyId, [...ids])))
    .orderBy(strategyRuns.strategyId, desc(strategyRuns.at), desc(strategyRuns.id));
  return new Map(rows.map((r) => [r.strategyId, r]));
};
