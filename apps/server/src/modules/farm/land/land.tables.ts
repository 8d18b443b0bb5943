import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  areaScope,
  auditColumns,
  idColumn,
  tenantIdColumn,
  tenantIsolation,
} from '../../../platform/db/columns.js';

/** A ring of [lng, lat] WGS84 positions, first = last (GeoJSON Polygon outer ring). */
export type Ring = [number, number][];

/** A land plot of a base, drawn on the map (spec 01 §2.2 farm/land). */
export const lands = pgTable(
  'lands',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    areaId: bigint('area_id', { mode: 'number' }).notNull(),
    landName: text('land_name').notNull(),
    landNum: text('land_num'),
    /** GeoJSON Polygon coordinates: outer ring first, then holes. */
    boundary: jsonb('boundary').$type<Ring[]>(),
    /** 'lat,lng' like areas.area_center. */
    landCenter: text('land_center'),
    areaM2: numeric('area_m2', { precision: 14, scale: 2 }),
    areaMu: numeric('area_mu', { precision: 14, scale: 4 }),
    /** plant | nurture (a pond) */
    landUsage: text('land_usage').notNull().default('plant'),
    soilType: text('soil_type'),
    description: text('description'),
    enabledFlag: integer('enabled_flag').notNull().default(1),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('lands_name_uq').on(t.tenantId, t.areaId, t.landName),
    uniqueIndex('lands_num_uq').on(t.tenantId, t.landNum).where(sql`${t.landNum} is not null`),
    index('lands_area_idx').on(t.tenantId, t.areaId),
    tenantIsolation(),
    areaScope(),
  ],
);
