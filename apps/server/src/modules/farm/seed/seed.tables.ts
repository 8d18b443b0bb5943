import { bigint, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, tenantIdColumn, tenantIsolation } from '../../../platform/db/columns.js';

export interface FarmingPractice {
  imageUrl: string;
  name: string;
  description: string;
}
export interface ProductAttribute {
  name: string;
  enName: string;
  imageUrl: string;
  description: string;
}

/** A seed product shown on the public seed page (spec 03 §2 /seed). */
export const seedProducts = pgTable(
  'seed_products',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    cropName: text('crop_name').notNull(),
    corpEnName: text('corp_en_name'),
    publicity: text('publicity'),
    seedName: text('seed_name').notNull(),
    seedEnName: text('seed_en_name'),
    imageUrl: text('image_url'),
    farmingPractices: jsonb('farming_practices').$type<FarmingPractice[]>().notNull().default([]),
    productAttributes: jsonb('product_attributes').$type<ProductAttribute[]>().notNull().default([]),
    /** The promo video (content_videos, issue 19 item 4) the public /seed page plays; null: none. */
    promoVideoId: bigint('promo_video_id', { mode: 'number' }),
    enabledFlag: integer('enabled_flag').notNull().default(1),
    ...auditColumns(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), tenantIsolation()],
);
