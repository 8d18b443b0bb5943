import { bigint, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, tenantIdColumn, tenantIsolation } from '../../../platform/db/columns.js';

/** A crop, or for aquaculture a species (system `crop`). */
export const crops = pgTable(
  'crops',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    cropName: text('crop_name').notNull(),
    cropEnName: text('crop_en_name'),
    /** plant | nurture (animals, fish) */
    cropType: text('crop_type').notNull().default('plant'),
    imageUrl: text('image_url'),
    description: text('description'),
    enabledFlag: integer('enabled_flag').notNull().default(1),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('crops_name_uq').on(t.tenantId, t.cropName),
    tenantIsolation(),
  ],
);

/** A variety of a crop (system `varieties`). */
export const varieties = pgTable(
  'varieties',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    cropId: bigint('crop_id', { mode: 'number' }).notNull(),
    varietyName: text('variety_name').notNull(),
    varietyCode: text('variety_code'),
    /** Typical days from sowing (or stocking) to harvest. */
    growthDays: integer('growth_days'),
    imageUrl: text('image_url'),
    description: text('description'),
    enabledFlag: integer('enabled_flag').notNull().default(1),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('varieties_name_uq').on(t.tenantId, t.cropId, t.varietyName),
    index('varieties_crop_idx').on(t.tenantId, t.cropId),
    tenantIsolation(),
  ],
);

/** Kinds of farm task (system `taskType`): sowing, fertilising, spraying, harvesting… */
export const taskTypes = pgTable(
  'task_types',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    typeName: text('type_name').notNull(),
    /** Shown in the English console instead of typeName (issue 12 item 4); null = typeName. */
    typeEnName: text('type_en_name'),
    typeCode: text('type_code'),
    color: text('color'),
    description: text('description'),
    enabledFlag: integer('enabled_flag').notNull().default(1),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('task_types_name_uq').on(t.tenantId, t.typeName),
    tenantIsolation(),
  ],
);
