import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import {
  areaScope,
  auditColumns,
  idColumn,
  tenantIdColumn,
  tenantIsolation,
} from '../../../platform/db/columns.js';

/** A farm activity (farm/activity): picking day, training, visit, promotion… at a base over a period. */
export const activities = pgTable(
  'activities',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    activityName: text('activity_name').notNull(),
    /** picking | training | visit | promotion | other */
    activityType: text('activity_type').notNull().default('other'),
    areaId: bigint('area_id', { mode: 'number' }),
    startTime: timestamp('start_time', { withTimezone: true, mode: 'date' }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true, mode: 'date' }).notNull(),
    location: text('location'),
    /** Places offered; null = unlimited. */
    capacity: integer('capacity'),
    coverUrl: text('cover_url'),
    description: text('description'),
    enabledFlag: integer('enabled_flag').notNull().default(1),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('activities_time_idx').on(t.tenantId, t.startTime),
    tenantIsolation(),
    areaScope(),
  ],
);
