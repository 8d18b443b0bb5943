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
} from 'drizzle-orm/pg-core';
import {
  auditColumns,
  idColumn,
  platformRowsReadable,
  tenantIdColumn,
  tenantIsolation,
} from '../../../platform/db/columns.js';

// Pest identification (issue 19 item 6). The knowledge base holds the platform's rows (tenant 0, readable
// by every tenant) and each tenant's own entries and overrides (same code as the platform row it replaces).

export const pestKnowledge = pgTable(
  'pest_knowledge',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    code: text('code').notNull(),
    /** pest | disease */
    kind: text('kind').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    latinName: text('latin_name'),
    cropsZh: jsonb('crops_zh').$type<string[]>().notNull().default([]),
    cropsEn: jsonb('crops_en').$type<string[]>().notNull().default([]),
    descriptionZh: text('description_zh'),
    descriptionEn: text('description_en'),
    damageZh: text('damage_zh'),
    damageEn: text('damage_en'),
    controlZh: text('control_zh'),
    controlEn: text('control_en'),
    /** Active ingredients registered against it (a tenant input whose name holds one is listed). */
    ingredients: jsonb('ingredients').$type<string[]>().notNull().default([]),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** Other labels a model may give it (besides code and names). */
    aliases: jsonb('aliases').$type<string[]>().notNull().default([]),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('pest_knowledge_code_uq').on(t.tenantId, t.code),
    tenantIsolation(),
    platformRowsReadable(),
  ],
);

/** Inputs of the tenant's catalogue registered against a knowledge entry (by code: survives overrides). */
export const pestKnowledgeInputs = pgTable(
  'pest_knowledge_inputs',
  {
    tenantId: tenantIdColumn(),
    knowledgeCode: text('knowledge_code').notNull(),
    inputId: bigint('input_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.knowledgeCode, t.inputId] }), tenantIsolation()],
);

/** One row per (image, model): the same photo answers the same way and is stored once. */
export const pestIdentifications = pgTable(
  'pest_identifications',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    sha256: text('sha256').notNull(),
    modelKey: text('model_key').notNull(),
    provider: text('provider').notNull(),
    /** identified | uncertain | refused | unconfigured */
    status: text('status').notNull(),
    /** Top candidates as the identifier gave them: label and confidence. */
    candidates: jsonb('candidates').$type<{ label: string; confidence: number }[]>().notNull(),
    photoFileId: text('photo_file_id').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    cropId: bigint('crop_id', { mode: 'number' }),
    runCount: integer('run_count').notNull().default(1),
    lastIdentifiedAt: timestamp('last_identified_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('pest_identifications_image_uq').on(t.tenantId, t.sha256, t.modelKey),
    index('pest_identifications_list_idx').on(t.tenantId, t.lastIdentifiedAt),
    tenantIsolation(),
  ],
);
