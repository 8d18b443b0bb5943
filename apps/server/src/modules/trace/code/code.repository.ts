import { and, asc, count, desc, eq, gte, ilike, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump } from '../../../platform/db/writes.js';
import { traceCodePackages, traceCodes } from './code.tables.js';

// Code packages and their codes. Product name and lot are read from the catalogue's tables by name (read
// only; trace/catalog owns them).

export type PackageRow = typeof traceCodePackages.$inferSelect;
export type PackageListRow = PackageRow & {
  productName: string | null;
  batchCode: string | null;
  scannedCount: number;
};
export type CodeRow = typeof traceCodes.$inferSelect;

const byId = (tenantId: number, id: number) =>
  and(eq(traceCodePackages.tenantId, tenantId), eq(traceCodePackages.id, id)) as SQL;

const batchCode = sql<
  string | null
>`(select b.batch_code from trace_batches b where b.tenant_id = "trace_code_packages"."tenant_id" and b.id = "trace_code_packages"."trace_batch_id")`;
const productName = sql<
  string | null
>`(select p.product_name from trace_batches b join trace_products p on p.tenant_id = b.tenant_id and p.id = b.trace_product_id where b.tenant_id = "trace_code_packages"."tenant_id" and b.id = "trace_code_packages"."trace_batch_id")`;
const scannedCount = sql<number>`(select count(*)::int from trace_codes c where c.tenant_id = "trace_code_packages"."tenant_id" and c.package_id = "trace_code_packages"."id" and c.scan_count > 0)`;

const listColumns = { pkg: traceCodePackages, productName, batchCode, scannedCount };
const flat = (r: {
  pkg: PackageRow;
  productName: string | null;
  batchCode: string | null;
  scannedCount: number;
}) => ({
  ...r.pkg,
  productName: r.productName,
  batchCode: r.batchCode,
  scannedCount: Number(r.scannedCount),
});

export interface PackageFilter {
  traceBatchId?: number | undefined;
  status?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export const listPackages = async (
  db: Db,
  tenantId: number,
  f: PackageFilter,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: PackageListRow[]; total: number }> => {
  const where = and(
    eq(traceCodePackages.tenantId, tenantId),
    f.traceBatchId ? eq(traceCodePackages.traceBatchId, f.traceBatchId) : undefined,
    f.status ? eq(traceCodePackages.status, f.status) : undefined,
    f.from ? gte(traceCodePackages.creationDate, f.from) : undefined,
    f.to ? lt(traceCodePackages.creationDate, f.to) : undefined,
  );
  const r = await pageRows(
    db
      .select(listColumns)
      .from(traceCodePackages)
      .where(where)
      .orderBy(desc(traceCodePackages.creationDate), desc(traceCodePackages.id)),
    () => db.select({ n: count() }).from(traceCodePackages).where(where),
    limit,
    offset,
  );
  return { rows: r.rows.map(flat), total: r.total };
};

export const findPackage = async (
  db: Db,
  tenantId: number,
  id: number,
): Promise<PackageListRow | undefined> => {
  const [r] = await db.select(listColumns).from(traceCodePackages).where(byId(tenantId, id));
  return r ? flat(r) : undefined;
};

export const insertPackage = async (
  db: Db,
  tenantId: number,
  userId: number | null,
  v: Pick<
    typeof traceCodePackages.$inferInsert,
    'packageCode' | 'traceBatchId' | 'quantity' | 'codeScheme' | 'remark'
  >,
): Promise<PackageRow> => {
  const [r] = await db
    .insert(traceCodePackages)
    .values({ ...v, tenantId, createdBy: userId, lastUpdatedBy: userId })
    .returning();
  return r as PackageRow;
};

// The generation runner's claims. A 'queued' row is claimable; a 'generating' one is when its runner has
// been silent since `staleBefore` (its process died: the work is redone from the start).
const claimable = (tenantId: number, staleBefore: number) =>
  and(
    eq(traceCodePackages.tenantId, tenantId),
    or(
      eq(traceCodePackages.status, 'queued'),
      and(
        eq(traceCodePackages.status, 'generating'),
        or(isNull(traceCodePackages.heartbeatAt), lt(traceCodePackages.heartbeatAt, staleBefore)),
      ),
    ),
  ) as SQL;

export const nextClaimable = async (
  db: Db,
  tenantId: number,
  staleBefore: number,
): Promise<number | undefined> => {
  const [r] = await db
    .select({ id: traceCodePackages.id })
    .from(traceCodePackages)
    .where(claimable(tenantId, staleBefore))
    .orderBy(asc(traceCodePackages.id))
    .limit(1);
  return r?.id;
};

/** Takes the row for this runner; undefined when another runner took it first. */
export const claimPackage = async (
  db: Db,
  tenantId: number,
  id: number,
  staleBefore: number,
): Promise<PackageRow | undefined> => {
  const [r] = await db
    .update(traceCodePackages)
    .set({ status: 'generating', heartbeatAt: Date.now(), progress: 0, error: null })
    .where(and(eq(traceCodePackages.id, id), claimable(tenantId, staleBefore)))
    .returning();
  return r;
};

/**
 * Progress or outcome of a claimed row, only while this runner still holds it: its heartbeat is the one
 * this runner wrote last (`lastBeat`); a runner that took the row over wrote its own.
 */
export const setPackageState = async (
  db: Db,
  tenantId: number,
  id: number,
  lastBeat: number,
  v: Partial<Pick<PackageRow, 'status' | 'progress' | 'error' | 'pdfKey' | 'csvKey' | 'zipKey'>>,
): Promise<{ beat: number } | undefined> => {
  const beat = Math.max(Date.now(), lastBeat + 1);
  const r = await db
    .update(traceCodePackages)
    .set({ ...v, heartbeatAt: v.status && v.status !== 'generating' ? null : beat })
    .where(
      and(
        byId(tenantId, id),
        eq(traceCodePackages.status, 'generating'),
        eq(traceCodePackages.heartbeatAt, lastBeat),
      ),
    )
    .returning({ id: traceCodePackages.id });
  return r.length > 0 ? { beat } : undefined;
};

/** Codes a previous (interrupted) attempt left: the redo starts from none. */
export const deletePackageCodes = async (db: Db, tenantId: number, packageId: number): Promise<void> => {
  await db
    .delete(traceCodes)
    .where(and(eq(traceCodes.tenantId, tenantId), eq(traceCodes.packageId, packageId)));
};

/** Inserts the serials that are new for the tenant; answers those inserted (the rest collided). */
export const insertCodes = async (db: Db, rows: (typeof traceCodes.$inferInsert)[]): Promise<Set<string>> => {
  if (rows.length === 0) return new Set();
  const got = await db
    .insert(traceCodes)
    .values(rows)
    .onConflictDoNothing()
    .returning({ serial: traceCodes.serial });
  return new Set(got.map((r) => r.serial));
};

export interface CodeFilter {
  serial?: string | undefined;
  voided?: boolean | undefined;
}

export const listCodes = (
  db: Db,
  tenantId: number,
  packageId: number,
  f: CodeFilter,
  limit: number | undefined,
  offset: number,
) => {
  const where = and(
    eq(traceCodes.tenantId, tenantId),
    eq(traceCodes.packageId, packageId),
    f.serial ? ilike(traceCodes.serial, `%${escapeLike(f.serial)}%`) : undefined,
    f.voided === undefined
      ? undefined
      : f.voided
        ? isNotNull(traceCodes.voidedAt)
        : isNull(traceCodes.voidedAt),
  );
  return pageRows(
    db.select().from(traceCodes).where(where).orderBy(asc(traceCodes.seq)),
    () => db.select({ n: count() }).from(traceCodes).where(where),
    limit,
    offset,
  );
};

/** Voids one code not void yet; its package's voided count follows. Undefined when none was voided. */
export const voidCode = async (db: Db, tenantId: number, serial: string, reason: string, userId: number) => {
  const [c] = await db
    .update(traceCodes)
    .set({ voidedAt: new Date(), voidReason: reason })
    .where(and(eq(traceCodes.tenantId, tenantId), eq(traceCodes.serial, serial), isNull(traceCodes.voidedAt)))
    .returning({ packageId: traceCodes.packageId });
  if (!c) return undefined;
  await db
    .update(traceCodePackages)
    .set({
      voidedCount: sql`${traceCodePackages.voidedCount} + 1`,
      ...bump(userId, traceCodePackages.objectVersionNumber),
    })
    .where(byId(tenantId, c.packageId));
  return c;
};

/** Voids every code of the package not void yet, at `version` (stale → undefined). */
export const voidPackage = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  reason: string,
  userId: number,
): Promise<number | undefined> => {
  const [p] = await db
    .update(traceCodePackages)
    .set(bump(userId, traceCodePackages.objectVersionNumber))
    .where(and(byId(tenantId, id), eq(traceCodePackages.objectVersionNumber, version)))
    .returning({ id: traceCodePackages.id });
  if (!p) return undefined;
  const voided = await db
    .update(traceCodes)
    .set({ voidedAt: new Date(), voidReason: reason })
    .where(and(eq(traceCodes.tenantId, tenantId), eq(traceCodes.packageId, id), isNull(traceCodes.voidedAt)))
    .returning({ serial: traceCodes.serial });
  await db
    .update(traceCodePackages)
    .set({ voidedCount: sql`${traceCodePackages.voidedCount} + ${voided.length}` })
    .where(byId(tenantId, id));
  return voided.length;
};

/** The tenant's trace batch with this lot number, read by name from the catalogue (demo seeding). */
export const batchIdByLot = async (db: Db, tenantId: number, lot: string): Promise<number | undefined> => {
  const r = await db.execute(
    sql`select id from trace_batches where tenant_id = ${tenantId} and batch_code = ${lot}`,
  );
  const id = (r as unknown as { rows: { id: number | string }[] }).rows[0]?.id;
  return id === undefined ? undefined : Number(id);
};

export const packagesOfBatch = async (db: Db, tenantId: number, traceBatchId: number): Promise<number> => {
  const [r] = await db
    .select({ n: count() })
    .from(traceCodePackages)
    .where(and(eq(traceCodePackages.tenantId, tenantId), eq(traceCodePackages.traceBatchId, traceBatchId)));
  return r?.n ?? 0;
};

export const firstCodes = (db: Db, tenantId: number, packageId: number, n: number) =>
  db
    .select({ serial: traceCodes.serial })
    .from(traceCodes)
    .where(and(eq(traceCodes.tenantId, tenantId), eq(traceCodes.packageId, packageId)))
    .orderBy(asc(traceCodes.seq))
    .limit(n);
