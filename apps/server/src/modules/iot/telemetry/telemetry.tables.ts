import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { tenantIdColumn, tenantIsolation } from '../../../platform/db/columns.js';

/**
 * One stored …/up message. The primary key is the dedupe rule of ARCHITECTURE §6: a (device, seq)
 * seen before is ignored. values holds only known, in-range metrics, rounded (validateTelemetry).
 */
export const telemetry = pgTable(
  'telemetry',
  {
    tenantId: tenantIdColumn(),
    deviceId: bigint('device_id', { mode: 'number' }).notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    /** Device timestamp of the reading. */
    ts: timestamp('ts', { withTimezone: true, mode: 'date' }).notNull(),
    values: jsonb('values').$type<Record<string, number>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.deviceId, t.seq] }),
    index('telemetry_dev_ts_idx').on(t.tenantId, t.deviceId, t.ts),
    tenantIsolation(),
  ],
);

const rollupColumns = () => ({
  tenantId: tenantIdColumn(),
  deviceId: bigint('device_id', { mode: 'number' }).notNull(),
  metric: text('metric').notNull(),
  /** Start of the bucket (UTC hour; for daily, the tenant's midnight as an instant). */
  bucket: timestamp('bucket', { withTimezone: true, mode: 'date' }).notNull(),
  count: integer('count').notNull(),
  sum: doublePrecision('sum').notNull(),
  min: doublePrecision('min').notNull(),
  max: doublePrecision('max').notNull(),
  /** Value with the latest ts in the bucket. */
  last: doublePrecision('last').notNull(),
  lastTs: timestamp('last_ts', { withTimezone: true, mode: 'date' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Hourly aggregates, upserted additively in the same transaction as the raw rows they count. */
export const telemetryHourly = pgTable('telemetry_hourly', rollupColumns(), (t) => [
  primaryKey({ columns: [t.tenantId, t.deviceId, t.metric, t.bucket] }),
  index('telemetry_hourly_updated_idx').on(t.tenantId, t.updatedAt),
  tenantIsolation(),
]);

/**
 * Daily aggregates (days in the tenant's time zone), recomputed from hourly rows of the days touched, and
 * cut again whole when the tenant changes its zone (telemetry.ingest.ts refreshDailyRollups).
 */
export const telemetryDaily = pgTable('telemetry_daily', rollupColumns(), (t) => [
  primaryKey({ columns: [t.tenantId, t.deviceId, t.metric, t.bucket] }),
  tenantIsolation(),
]);

/** Per-tenant ingest counters flushed periodically (malformed, rejected values, duplicates). */
export const ingestStats = pgTable(
  'ingest_stats',
  {
    tenantId: tenantIdColumn(),
    day: text('day').notNull(),
    /** stored | duplicate | malformed | unknown-device | rejected-value | oversize */
    kind: text('kind').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.kind] }), tenantIsolation()],
);
