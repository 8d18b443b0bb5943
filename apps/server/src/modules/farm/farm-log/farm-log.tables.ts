import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import {
  areaScope,
  auditColumns,
  idColumn,
  tenantIdColumn,
  tenantIsolation,
} from '../../../platform/db/columns.js';

/** A farm log entry (farm/log); cameras post here too (POST /wfpf/v1/{t}/log). */
export const farmLogs = pgTable(
  'farm_logs',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    title: text('title').notNull(),
    /** daily | warning | emergency */
    level: text('level').notNull().default('daily'),
    description: text('description'),
    /** File URLs (/wfpf/v1/{t}/file/...) of the pictures, in order. */
    pictures: text('pictures').array().notNull().default([]),
    areaId: bigint('area_id', { mode: 'number' }),
    landId: bigint('land_id', { mode: 'number' }),
    /** manual | camera | task | device */
    source: text('source').notNull().default('manual'),
    /** The device (camera) or task the entry came from. */
    sourceId: bigint('source_id', { mode: 'number' }),
    logTime: timestamp('log_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('farm_logs_time_idx').on(t.tenantId, t.logTime),
    index('farm_logs_area_idx').on(t.tenantId, t.areaId, t.logTime),
    tenantIsolation(),
    areaScope(),
  ],
);
