import { z } from 'zod';
import {
  blankAsUnset,
  bodyId,
  flag01,
  objectVersionNumber,
  optionalText,
  pageOf,
  pageQuery,
  requiredText,
  tenantIdParam,
  updateBodyOf,
} from './common.types.js';
import { CROP_EN_NAME_MAX, CROP_NAME_MAX, catalogueImageUrl } from './crop.types.js';
import { promoVideoRef, publicPromoVideo } from './media.types.js';

// Seed products (farm `seed` page, public /seed page): spec 03 §2 'Seed public page', §3 'Seed product
// detail', §7 'GET seed/page, GET/POST/PUT seed, DELETE seed/{id}'. The public detail path was not shown:
// GET /wfpf/v1/{t}/seed/public/{id} (no sign-in).

export const SEED_NAME_MAX = 60;
export const SEED_EN_NAME_MAX = 120;
/** The slogan ('publicity'). */
export const SEED_PUBLICITY_MAX = 200;
export const SEED_ITEM_NAME_MAX = 60;
export const SEED_ITEM_EN_NAME_MAX = 120;
/** HTML descriptions of planting methods and attributes; sanitised on write. */
export const SEED_ITEM_DESCRIPTION_MAX = 5000;
export const SEED_PRACTICES_MAX = 20;
export const SEED_ATTRIBUTES_MAX = 20;

/** Rich text (HTML) of a card; cleaned by the server's sanitiser. '' or null means none. */
const htmlDescription = z
  .string()
  .max(SEED_ITEM_DESCRIPTION_MAX, {
    error: `text too long (at most ${SEED_ITEM_DESCRIPTION_MAX} characters)`,
  })
  .nullable()
  .transform((s) => (s ?? '').trim());

/** One planting method card: image, name, description (HTML). */
export const farmingPracticeInput = z.strictObject({
  imageUrl: catalogueImageUrl.optional(),
  name: requiredText(SEED_ITEM_NAME_MAX),
  description: htmlDescription.optional(),
});
export type FarmingPracticeInput = z.infer<typeof farmingPracticeInput>;

/** One seed-introduction section: name, English name, image, description (HTML). */
export const productAttributeInput = z.strictObject({
  name: requiredText(SEED_ITEM_NAME_MAX),
  enName: optionalText(SEED_ITEM_EN_NAME_MAX).optional(),
  imageUrl: catalogueImageUrl.optional(),
  description: htmlDescription.optional(),
});
export type ProductAttributeInput = z.infer<typeof productAttributeInput>;

const practices = z
  .array(farmingPracticeInput)
  .max(SEED_PRACTICES_MAX, { error: `at most ${SEED_PRACTICES_MAX} planting methods` });
const attributes = z
  .array(productAttributeInput)
  .max(SEED_ATTRIBUTES_MAX, { error: `at most ${SEED_ATTRIBUTES_MAX} product attributes` });

export const seedCreateBody = z.strictObject({
  cropName: requiredText(CROP_NAME_MAX),
  corpEnName: optionalText(CROP_EN_NAME_MAX).optional(),
  publicity: optionalText(SEED_PUBLICITY_MAX).optional(),
  seedName: requiredText(SEED_NAME_MAX),
  seedEnName: optionalText(SEED_EN_NAME_MAX).optional(),
  imageUrl: catalogueImageUrl.optional(),
  farmingPractices: practices.default([]),
  productAttributes: attributes.default([]),
  /** A ready promo video of the tenant (400 naming promoVideoId otherwise); null: none. */
  promoVideoId: bodyId.nullish(),
  enabledFlag: flag01.default(1),
});
export type SeedCreateBody = z.infer<typeof seedCreateBody>;

/** Omitted optional fields keep their value; a list, when sent, replaces the whole list. */
const seedUpdateFields = z.strictObject({
  seedId: bodyId,
  objectVersionNumber,
  cropName: requiredText(CROP_NAME_MAX),
  corpEnName: optionalText(CROP_EN_NAME_MAX).optional(),
  publicity: optionalText(SEED_PUBLICITY_MAX).optional(),
  seedName: requiredText(SEED_NAME_MAX),
  seedEnName: optionalText(SEED_EN_NAME_MAX).optional(),
  imageUrl: catalogueImageUrl.optional(),
  farmingPractices: practices.optional(),
  productAttributes: attributes.optional(),
  /** null clears, omitted keeps. */
  promoVideoId: bodyId.nullish(),
  enabledFlag: flag01.optional(),
});
export type SeedUpdateBody = z.infer<typeof seedUpdateBody>;

export const seedPageQuery = pageQuery.extend({
  seedName: z
    .string()
    .max(SEED_NAME_MAX * 2)
    .optional(),
  cropName: z
    .string()
    .max(CROP_NAME_MAX * 2)
    .optional(),
  enabledFlag: blankAsUnset(z.coerce.number().int().min(0).max(1)),
});
export type SeedPageQuery = z.infer<typeof seedPageQuery>;

export const seedIdParam = tenantIdParam;
/** The promo video of a public product (`/seed/public/{id}/video/{assetKey}/video|poster.jpg`). */
export const seedPublicVideoParam = tenantIdParam.extend({ assetKey: z.uuid() });
/** A stored image the public page of a product shows (`/seed/public/{id}/image/{fileId}`). */
export const seedPublicImageParam = tenantIdParam.extend({ fileId: z.guid() });

export const farmingPractice = z.object({ imageUrl: z.string(), name: z.string(), description: z.string() });
export const productAttribute = z.object({
  name: z.string(),
  enName: z.string(),
  imageUrl: z.string(),
  description: z.string(),
});

/** The seed product detail of spec 03 §3 — exactly what the public /seed page gets. */
export const seedPublicDetail = z.object({
  cropName: z.string(),
  corpEnName: z.string().nullable(),
  publicity: z.string().nullable(),
  seedName: z.string(),
  seedEnName: z.string().nullable(),
  imageUrl: z.string().nullable(),
  farmingPractices: z.array(farmingPractice),
  productAttributes: z.array(productAttribute),
  /** The product's promo video, served by this product's public video routes; absent or null: none. */
  promoVideo: publicPromoVideo.nullish(),
});
export type SeedPublicDetail = z.infer<typeof seedPublicDetail>;

/** A seed product as its managers see it (GET seed/{id}, POST, PUT). */
export const seedProduct = seedPublicDetail.extend({
  seedId: z.number().int(),
  /** The chosen promo video (content/media), or null; `promoVideo` then carries signed-in URLs. */
  promoVideoId: z.number().int().nullable(),
  promoVideo: promoVideoRef.nullable(),
  enabledFlag: flag01,
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
  lastUpdateDate: z.string(),
});
export type SeedProduct = z.infer<typeof seedProduct>;

/** A row of GET seed/page: the product without its cards, with their counts. */
export const seedSummary = seedProduct
  .omit({ farmingPractices: true, productAttributes: true, promoVideo: true })
  .extend({ practiceCount: z.number().int(), attributeCount: z.number().int() });
export type SeedSummary = z.infer<typeof seedSummary>;
export const seedPage = pageOf(seedSummary);

// PUT bodies: the writable fields, plus what the GET answers (accepted and ignored; docs/api.md).
export const seedUpdateBody = updateBodyOf(seedUpdateFields, seedProduct);
