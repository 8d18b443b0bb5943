import {
  bigint,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, tenantIdColumn, tenantIsolation } from '../../../platform/db/columns.js';

// Trace codes (issue 18 item 2): a code package is N serial codes of one trace batch, made by a job that
// also renders the QR label sheet (PDF), the CSV and the ZIP. A scan of a code's URL is a trace_scans row.

export const traceCodePackages = pgTable(
  'trace_code_packages',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    packageCode: text('package_code').notNull(),
    traceBatchId: bigint('trace_batch_id', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    /** gs1 (Digital Link with the product's GTIN) | tenant (the tenant's own prefix). */
    codeScheme: text('code_scheme').notNull(),
    /** queued | generating | ready | failed */
    status: text('status').notNull().default('queued'),
    /** 0–100 while generating. */
    progress: integer('progress').notNull().default(0),
    /** An error code of TraceCodeErrors, once failed. */
    error: text('error'),
    /** File storage keys of the outputs, once ready. */
    pdfKey: text('pdf_key'),
    csvKey: text('csv_key'),
    zipKey: text('zip_key'),
    voidedCount: integer('voided_count').notNull().default(0),
    /** Last progress write of the job; a 'generating' row silent for long lost its process. */
    heartbeatAt: bigint('heartbeat_at', { mode: 'number' }),
    remark: text('remark'),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('trace_code_packages_code_uq').on(t.tenantId, t.packageCode),
    index('trace_code_packages_status_idx').on(t.status),
    index('trace_code_packages_batch_idx').on(t.tenantId, t.traceBatchId),
    tenantIsolation(),
  ],
);

/** One serial code (GS1 AI 21): random, so a code cannot be guessed from another. */
export const traceCodes = pgTable(
  'trace_codes',
  {
    tenantId: tenantIdColumn(),
    serial: text('serial').notNull(),
    packageId: bigint('package_id', { mode: 'number' }).notNull(),
    traceBatchId: bigint('trace_batch_id', { mode: 'number' }).notNull(),
    /** Position in the package, from 1 (the label sheet's order). */
    seq: integer('seq').notNull(),
    scanCount: integer('scan_count').notNull().default(0),
    firstScanAt: timestamp('first_scan_at', { withTimezone: true, mode: 'date' }),
    voidedAt: timestamp('voided_at', { withTimezone: true, mode: 'date' }),
    voidReason: text('void_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.serial] }),
    uniqueIndex('trace_codes_package_seq_uq').on(t.tenantId, t.packageId, t.seq),
    tenantIsolation(),
  ],
);

/** A scan of a code's public URL (trace/record). */
export const traceScans = pgTable(
  'trace_scans',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    serial: text('serial').notNull(),
    traceBatchId: bigint('trace_batch_id', { mode: 'number' }).notNull(),
    scannedAt: timestamp('scanned_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The nth scan of this code (1 = first scan). */
    scanNo: integer('scan_no').notNull(),
    /** Coarse place the client offered (rounded to 0.1°), or null. */
    lat: numeric('lat', { precision: 5, scale: 1 }),
    lng: numeric('lng', { precision: 5, scale: 1 }),
    /** Region text when the client gave one (e.g. from its locale), or null. */
    region: text('region'),
    /** Browser family / OS from the user agent, never the full string. */
    client: text('client'),
    /** Keyed hash of the client address: repeat scans from one place without keeping the address. */
    clientKey: text('client_key'),
    /** Set when the code's scans look copied (too many, or far apart in little time). */
    suspicious: boolean('suspicious').notNull().default(false),
    suspicionReason: text('suspicion_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('trace_scans_time_idx').on(t.tenantId, t.scannedAt),
    index('trace_scans_serial_idx').on(t.tenantId, t.serial, t.scannedAt),
    index('trace_scans_batch_idx').on(t.tenantId, t.traceBatchId, t.scannedAt),
    tenantIsolation(),
  ],
);
