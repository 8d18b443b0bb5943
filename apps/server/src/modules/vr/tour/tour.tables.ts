import type { Hotspot, Visual } from '@tilth/contracts/vr.types';
import {
  bigint,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, tenantIdColumn, tenantIsolation } from '../../../platform/db/columns.js';
import { panoramas } from '../panorama/panorama.tables.js';

// VR tours (issue 17 item 2): a tour, the bases it is bound to, and its scenes (≤ 10), each showing one
// library panorama with a view and hotspots. A panorama in use cannot be deleted (restrict).

export const vrTours = pgTable(
  'vr_tours',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    cover: text('cover').notNull().default(''),
    description: text('description').notNull().default(''),
    enabledFlag: integer('enabled_flag').notNull().default(1),
    /** Random token of the public read-only link while published; null when not. */
    publicToken: text('public_token'),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // The public link names the tenant (/vr/<tenant>/<token>), so unique per tenant is enough (and Citus
    // needs tenant_id in every unique index).
    uniqueIndex('vr_tours_public_token_uq').on(t.tenantId, t.publicToken),
    tenantIsolation(),
  ],
);

export const vrTourAreas = pgTable(
  'vr_tour_areas',
  {
    tenantId: tenantIdColumn(),
    vrId: bigint('vr_id', { mode: 'number' }).notNull(),
    areaId: bigint('area_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.vrId, t.areaId] }),
    foreignKey({ columns: [t.tenantId, t.vrId], foreignColumns: [vrTours.tenantId, vrTours.id] }).onDelete(
      'cascade',
    ),
    index('vr_tour_areas_area_idx').on(t.tenantId, t.areaId),
    tenantIsolation(),
  ],
);

export const vrScenes = pgTable(
  'vr_scenes',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    vrId: bigint('vr_id', { mode: 'number' }).notNull(),
    panoramaId: bigint('panorama_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    cover: text('cover').notNull().default(''),
    visual: jsonb('visual').$type<Visual>().notNull(),
    hotspots: jsonb('hotspots').$type<Hotspot[]>().notNull().default([]),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.vrId], foreignColumns: [vrTours.tenantId, vrTours.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.tenantId, t.panoramaId],
      foreignColumns: [panoramas.tenantId, panoramas.id],
    }).onDelete('restrict'),
    index('vr_scenes_vr_idx').on(t.tenantId, t.vrId, t.sortOrder),
    index('vr_scenes_panorama_idx').on(t.tenantId, t.panoramaId),
    tenantIsolation(),
  ],
);
