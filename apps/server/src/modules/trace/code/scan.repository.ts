import { and, count, countDistinct, desc, eq, gte, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
import { traceCodes, traceScans } from './code.tables.js';

// Scans of codes (trace/record) and the code counter they move. Product name and lot are read from the
// catalogue's tables by name (read only; trace/catalog owns them).

export type ScanRow = typeof traceScans.$inferSelect;
export type ScanListRow = ScanRow & { productName: string | null; batchCode: string | null };

const batchCode = sql<
  string | null
>`(select b.batch_code from trace_batches b where b.tenant_id = "trace_scans"."tenant_id" and b.id = "trace_scans"."trace_batch_id")`;
const productName = sql<
  string | null
>`(select p.product_name from trace_batches b join trace_products p on p.tenant_id = b.tenant_id and p.id = b.trace_product_id where b.tenant_id = "trace_scans"."tenant_id" and b.id = "trace_scans"."trace_batch_id")`;

/** Counts one more scan of the code; undefined for a serial the tenant never issued. */
export const countScan = async (db: Db, tenantId: number, serial: string, at: Date) => {
  const [r] = await db
    .update(traceCodes)
    .set({
      scanCount: sql`${traceCodes.scanCount} + 1`,
      firstScanAt: sql`coalesce(${traceCodes.firstScanAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(and(eq(traceCodes.tenantId, tenantId), eq(traceCodes.serial, serial)))
    .returning({
      traceBatchId: traceCodes.traceBatchId,
      scanNo: traceCodes.scanCount,
      firstScanAt: traceCodes.firstScanAt,
      voidedAt: traceCodes.voidedAt,
    });
  return r;
};

/** The code's located scans since `since` (for the distance rule), newest first, bounded. */
export const recentPlaces = (db: Db, tenantId: number, serial: string, since: Date) =>
  db
    .select({ lat: traceScans.lat, lng: traceScans.lng })
    .from(traceScans)
    .where(
      and(
        eq(traceScans.tenantId, tenantId),
        eq(traceScans.serial, serial),
        gte(traceScans.scannedAt, since),
        isNotNull(traceScans.lat),
        isNotNull(traceScans.lng),
      ),
    )
    .orderBy(desc(traceScans.scannedAt))
    .limit(100);

/** Different client keys that scanned the code since `since`. */
export const recentClients = async (
  db: Db,
  tenantId: number,
  serial: string,
  since: Date,
): Promise<string[]> => {
  const rows = await db
    .selectDistinct({ k: traceScans.clientKey })
    .from(traceScans)
    .where(
      and(
        eq(traceScans.tenantId, tenantId),
        eq(traceScans.serial, serial),
        gte(traceScans.scannedAt, since),
        isNotNull(traceScans.clientKey),
      ),
    )
    .limit(100);
  return rows.flatMap((r) => (r.k ? [r.k] : []));
};

export const insertScan = async (db: Db, v: typeof traceScans.$inferInsert): Promise<void> => {
  await db.insert(traceScans).values(v);
};

export interface ScanFilter {
  from?: Date | undefined;
  to?: Date | undefined;
  traceBatchId?: number | undefined;
  serial?: string | undefined;
  suspicious?: boolean | undefined;
}

const where = (tenantId: number, f: ScanFilter): SQL =>
  and(
    eq(traceScans.tenantId, tenantId),
    f.from ? gte(traceScans.scannedAt, f.from) : undefined,
    f.to ? lt(traceScans.scannedAt, f.to) : undefined,
    f.traceBatchId ? eq(traceScans.traceBatchId, f.traceBatchId) : undefined,
    f.serial ? sql`${traceScans.serial} ilike ${`%${escapeLike(f.serial)}%`}` : undefined,
    f.suspicious === undefined ? undefined : eq(traceScans.suspicious, f.suspicious),
  ) as SQL;

export const listScans = (db: Db, tenantId: number, f: ScanFilter, limit: number, offset: number) =>
  db
    .select({
      id: traceScans.id,
      tenantId: traceScans.tenantId,
      serial: traceScans.serial,
      traceBatchId: traceScans.traceBatchId,
      scannedAt: traceScans.scannedAt,
      scanNo: traceScans.scanNo,
      lat: traceScans.lat,
      lng: traceScans.lng,
      region: traceScans.region,
      client: traceScans.client,
      clientKey: traceScans.clientKey,
      suspicious: traceScans.suspicious,
      suspicionReason: traceScans.suspicionReason,
      productName,
      batchCode,
    })
    .from(traceScans)
    .where(where(tenantId, f))
    .orderBy(desc(traceScans.scannedAt), desc(traceScans.id))
    .limit(limit)
    .offset(offset);

export const scanSummary = async (db: Db, tenantId: number, f: ScanFilter) => {
  const [r] = await db
    .select({
      scans: count(),
      uniqueCodes: countDistinct(traceScans.serial),
      suspicious: sql<number>`count(*) filter (where ${traceScans.suspicious})::int`,
    })
    .from(traceScans)
    .where(where(tenantId, f));
  return { scans: r?.scans ?? 0, uniqueCodes: r?.uniqueCodes ?? 0, suspicious: Number(r?.suspicious ?? 0) };
};

export const countScansSince = async (db: Db, tenantId: number, since: Date): Promise<number> => {
  const [r] = await db
    .select({ n: count() })
    .from(traceScans)
    .where(and(eq(traceScans.tenantId, tenantId), gte(traceScans.scannedAt, since)));
  return r?.n ?? 0;
};

export const countCodes = async (db: Db, tenantId: number): Promise<number> => {
  const [r] = await db.select({ n: count() }).from(traceCodes).where(eq(traceCodes.tenantId, tenantId));
  return r?.n ?? 0;
};

export const findCode = async (db: Db, tenantId: number, serial: string) => {
  const [r] = await db
    .select()
    .from(traceCodes)
    .where(and(eq(traceCodes.tenantId, tenantId), eq(traceCodes.serial, serial)));
  return r;
};

/**
 * Sets the coarse place of one recent scan (the page's visitor chose to share it); false when the scan is
 * unknown or older than `since`. A suspicion found now is added, never one taken away.
 */
export const updateScanPlace = async (
  db: Db,
  tenantId: number,
  serial: string,
  scanNo: number,
  since: Date,
  v: { lat: string | null; lng: string | null; region: string | null; reason: string | null },
): Promise<boolean> => {
  const rows = await db
    .update(traceScans)
    .set({
      ...(v.lat !== null && v.lng !== null ? { lat: v.lat, lng: v.lng } : {}),
      ...(v.region !== null ? { region: v.region } : {}),
      ...(v.reason !== null
        ? {
            suspicious: true,
            suspicionReason: sql`coalesce(${traceScans.suspicionReason}, ${v.reason})`,
          }
        : {}),
    })
    .where(
      and(
        eq(traceScans.tenantId, tenantId),
        eq(traceScans.serial, serial),
        eq(traceScans.scanNo, scanNo),
        gte(traceScans.scannedAt, since),
      ),
    )
    .returning({ id: traceScans.id });
  return rows.length > 0;
};

/** Demo data only: moves a recorded scan back in time, and the code's first-scan time with it. */
export const backdateScan = async (db: Db, tenantId: number, serial: string, scanNo: number, at: Date) => {
  await db
    .update(traceScans)
    .set({ scannedAt: at })
    .where(
      and(eq(traceScans.tenantId, tenantId), eq(traceScans.serial, serial), eq(traceScans.scanNo, scanNo)),
    );
  await db
    .update(traceCodes)
    .set({
      firstScanAt: sql`(select min(s.scanned_at) from trace_scans s where s.tenant_id = ${tenantId} and s.serial = ${serial})`,
    })
    .where(and(eq(traceCodes.tenantId, tenantId), eq(traceCodes.serial, serial)));
};
