import type { SeedCreateBody, SeedProduct, SeedUpdateBody } from '@tilth/contracts/seed.types';

// Form values of the seed product editor and their mapping to the API bodies (spec 03 §3 seed detail).

// Twins of the contracts' limits (zod stays out of the console bundle; seedForm.test.ts compares).
export const CROP_NAME_MAX = 60;
export const CROP_EN_NAME_MAX = 120;
export const SEED_NAME_MAX = 60;
export const SEED_EN_NAME_MAX = 120;
export const SEED_PUBLICITY_MAX = 200;
export const SEED_ITEM_NAME_MAX = 60;
export const SEED_ITEM_EN_NAME_MAX = 120;
export const SEED_ITEM_DESCRIPTION_MAX = 5000;
export const SEED_PRACTICES_MAX = 20;
export const SEED_ATTRIBUTES_MAX = 20;
/** Spec 03 §5: seed images up to 30 MB each, jpg or png. */
export const SEED_IMAGE_MAX_BYTES = 30 * 1024 * 1024;
export const SEED_IMAGE_TYPES = ['image/jpeg', 'image/png'];

export interface PracticeValues {
  imageUrl?: string;
  name?: string;
  description?: string;
}

export interface AttributeValues {
  name?: string;
  enName?: string;
  imageUrl?: string;
  description?: string;
}

export interface SeedFormValues {
  cropName: string;
  corpEnName?: string;
  seedName: string;
  seedEnName?: string;
  publicity?: string;
  imageUrl?: string;
  /** The promo video its public page plays (a ready video of the tenant), or none. */
  promoVideoId?: number | null;
  enabled: boolean;
  farmingPractices: PracticeValues[];
  productAttributes: AttributeValues[];
}

const trim = (s: string | null | undefined): string => (s ?? '').trim();
const orNull = (s: string | null | undefined): string | null => trim(s) || null;

export const toFormValues = (product: SeedProduct | null): SeedFormValues => {
  if (!product) {
    return {
      cropName: '',
      seedName: '',
      enabled: true,
      farmingPractices: [],
      productAttributes: [],
    };
  }
  return {
    cropName: product.cropName,
    corpEnName: product.corpEnName ?? '',
    seedName: product.seedName,
    seedEnName: product.seedEnName ?? '',
    publicity: product.publicity ?? '',
    imageUrl: product.imageUrl ?? '',
    promoVideoId: product.promoVideoId ?? null,
    enabled: product.enabledFlag === 1,
    farmingPractices: product.farmingPractices.map((p) => ({ ...p })),
    productAttributes: product.productAttributes.map((a) => ({ ...a })),
  };
};

/** Both lists as sent: trimmed; a card with nothing in it at all is dropped rather than refused. */
const lists = (v: SeedFormValues) => ({
  farmingPractices: (v.farmingPractices ?? [])
    .filter((p) => trim(p.name) || trim(p.imageUrl) || trim(p.description))
    .map((p) => ({ imageUrl: orNull(p.imageUrl), name: trim(p.name), description: trim(p.description) })),
  productAttributes: (v.productAttributes ?? [])
    .filter((a) => trim(a.name) || trim(a.enName) || trim(a.imageUrl) || trim(a.description))
    .map((a) => ({
      name: trim(a.name),
      enName: orNull(a.enName),
      imageUrl: orNull(a.imageUrl),
      description: trim(a.description),
    })),
});

const fields = (v: SeedFormValues) => ({
  cropName: trim(v.cropName),
  corpEnName: orNull(v.corpEnName),
  seedName: trim(v.seedName),
  seedEnName: orNull(v.seedEnName),
  publicity: orNull(v.publicity),
  imageUrl: orNull(v.imageUrl),
  promoVideoId: v.promoVideoId ?? null,
  enabledFlag: v.enabled ? (1 as const) : (0 as const),
  ...lists(v),
});

export const toCreateBody = (v: SeedFormValues): SeedCreateBody => fields(v);

export const toUpdateBody = (
  product: Pick<SeedProduct, 'seedId' | 'objectVersionNumber'>,
  v: SeedFormValues,
): SeedUpdateBody => ({
  seedId: product.seedId,
  objectVersionNumber: product.objectVersionNumber,
  ...fields(v),
});

/** Address of the public page of a product (spec 03 §2: /seed?tenantId=..&id=..). */
export const publicSeedUrl = (origin: string, tenantId: number, seedId: number): string =>
  `${origin}/seed?${new URLSearchParams({ tenantId: String(tenantId), id: String(seedId) }).toString()}`;

/** Why a picked image is refused, or null when it may be uploaded. */
export const imageProblem = (file: { type: string; size: number }): 'type' | 'size' | null => {
  if (!SEED_IMAGE_TYPES.includes(file.type)) return 'type';
  if (file.size > SEED_IMAGE_MAX_BYTES) return 'size';
  return null;
};
