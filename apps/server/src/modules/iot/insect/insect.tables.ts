import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  areaScope,
  auditColumns,
  idColumn,
  platformRowsReadable,
  tenantIdColumn,
  tenantIsolation,
} from '../../../platform/db/columns.js';

/** Insect types (pest statistics insect-type list); platform rows are a shared catalogue. */
export const insectTypes = pgTable(
  'insect_types',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    latinName: text('latin_name'),
    /** pest | beneficial */
    category: text('category').notNull().default('pest'),
    description: text('description'),
    /** A picture of the insect (files.id). */
    imageFileId: uuid('image_file_id'),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('insect_types_name_uq').on(t.tenantId, t.name),
    tenantIsolation(),
    platformRowsReadable(),
  ],
);

/** One count box drawn on a trap photo (pest/draw): [x, y, w, h] in 0..1 of the image. */
export interface InsectBox {
  name: string;
  box: [number, number, number, number];
}

/**
 * A trap photo of a pest station / forecast lamp with its counts per insect, or a manual pest
 * statistics entry (no device, no photo). counts: [{name, count}].
 */
export const insectRecords = pgTable(
  'insect_records',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    deviceId: bigint('device_id', { mode: 'number' }),
    areaId: bigint('area_id', { mode: 'number' }),
    /** The trap photo (files.id); null for manual entries. */
    fileId: uuid('file_id'),
    takenAt: timestamp('taken_at', { withTimezone: true, mode: 'date' }).notNull(),
    counts: jsonb('counts').$type<{ name: string; count: number }[]>().notNull().default([]),
    boxes: jsonb('boxes').$type<InsectBox[]>().notNull().default([]),
    /** device | manual | drawn (corrected by hand) | identified (re-identified) */
    source: text('source').notNull().default('device'),
    identifiedFlag: integer('identified_flag').notNull().default(0),
    description: text('description'),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('insect_records_dev_idx').on(t.tenantId, t.deviceId, t.takenAt),
    index('insect_records_taken_idx').on(t.tenantId, t.takenAt),
    tenantIsolation(),
    areaScope(),
  ],
);
