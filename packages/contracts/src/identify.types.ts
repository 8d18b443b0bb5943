import { z } from 'zod';
import {
  blankAsUnset,
  bodyId,
  objectVersionNumber,
  optionalText,
  pageOf,
  pageQuery,
  queryId,
  requiredText,
  tenantParam,
  updateBodyOf,
} from './common.types.js';

// Pest identification and the pest knowledge base (issue 19 item 6; spec 03 §5, §8, §9).

/** 'recognition upload 10 MB, jpg or png' (spec 03 §5, §9). */
export const IDENTIFY_MAX_BYTES = 10 * 1024 * 1024;
export const IDENTIFY_PAGE_SIZE = 10;
/** How many candidates an answer lists. */
export const IDENTIFY_TOP_K = 3;

/**
 * identified: the top candidate is a known label above the confidence floor; uncertain: below the floor
 * (spec 03 §8's 'pest not recognised' + ask an expert); refused: the model says the photo shows no plant
 * or insect; unconfigured: no identifier is set up (the photo is kept for the expert).
 */
export const IDENTIFY_STATUSES = ['identified', 'uncertain', 'refused', 'unconfigured'] as const;
export type IdentifyStatus = (typeof IDENTIFY_STATUSES)[number];

export const PEST_KINDS = ['pest', 'disease'] as const;
export type PestKind = (typeof PEST_KINDS)[number];

/** One candidate: the label's name in the caller's language, confidence 0–1, its knowledge entry if any. */
export const identifyCandidate = z.object({
  label: z.string(),
  name: z.string(),
  confidence: z.number(),
  knowledgeId: z.number().int().nullable(),
  knowledgeCode: z.string().nullable(),
});
export type IdentifyCandidate = z.infer<typeof identifyCandidate>;

export const identification = z.object({
  identificationId: z.number().int(),
  status: z.enum(IDENTIFY_STATUSES),
  /** What the screen says (the caller's language): spec 03 §8's text when refused or uncertain. */
  message: z.string().nullable(),
  /** onnx | http | none */
  provider: z.string(),
  /** Model id and version the answer is keyed by (with the image's SHA-256). */
  modelKey: z.string(),
  candidates: z.array(identifyCandidate),
  sha256: z.string(),
  photoFileId: z.string(),
  /** The stored photo (for the expert inquiry's `photo=`). */
  photoUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  cropId: z.number().int().nullable(),
  /** How many times this image was sent; the answer was worked out once. */
  runCount: z.number().int(),
  /** Where 'ask an expert' goes, with photo, crop and this identification. */
  expertUrl: z.string(),
  objectVersionNumber: z.number().int(),
  createdBy: z.number().int().nullable(),
  creationDate: z.string(),
  lastIdentifiedAt: z.string(),
});
export type Identification = z.infer<typeof identification>;
export const identificationPage = pageOf(identification);

/** POST /wfpf/v1/{t}/agriculture/identifications (multipart, one file part; cropId as field or query). */
export const identifyUploadQuery = z.object({ cropId: blankAsUnset(queryId) });

export const identificationListQuery = pageQuery.extend({
  size: z.coerce.number().int().min(0).max(1000).default(IDENTIFY_PAGE_SIZE),
  status: blankAsUnset(z.enum(IDENTIFY_STATUSES)),
  /** 1: only mine. */
  mine: blankAsUnset(z.coerce.number().int().min(0).max(1)),
});
export type IdentificationListQuery = z.infer<typeof identificationListQuery>;

export const identificationIdParam = tenantParam.extend({ identificationId: queryId });

/** GET /wfpf/v1/{t}/agriculture/identify/status: which identifier answers, and the upload bounds. */
export const identifyStatus = z.object({
  configured: z.boolean(),
  provider: z.string(),
  modelKey: z.string(),
  labelCount: z.number().int(),
  minConfidence: z.number(),
  maxBytes: z.number().int(),
  maxMegapixels: z.number().int(),
});
export type IdentifyStatusAnswer = z.infer<typeof identifyStatus>;

// ---- knowledge base -------------------------------------------------------------------------------

export const PEST_CODE_MAX = 60;
export const PEST_NAME_MAX = 60;
export const PEST_TEXT_MAX = 4000;

export const pestInput = z.object({
  inputId: z.number().int(),
  inputName: z.string(),
  category: z.string(),
  registrationNo: z.string().nullable(),
  unit: z.string(),
  /** linked: registered against this entry by hand; ingredient: its name holds an active ingredient. */
  match: z.enum(['linked', 'ingredient']),
});
export type PestInput = z.infer<typeof pestInput>;

export const pestKnowledge = z.object({
  knowledgeId: z.number().int(),
  /** Stable key across the platform row and a tenant's override (labels of models match it too). */
  code: z.string(),
  /** platform: shipped, read-only for tenants; tenant: the tenant's own or its override of a platform row. */
  origin: z.enum(['platform', 'tenant']),
  overridesPlatform: z.boolean(),
  kind: z.enum(PEST_KINDS),
  nameZh: z.string(),
  nameEn: z.string(),
  /** In the caller's language. */
  name: z.string(),
  latinName: z.string().nullable(),
  /** Crop names in both languages. */
  cropsZh: z.array(z.string()),
  cropsEn: z.array(z.string()),
  descriptionZh: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  damageZh: z.string().nullable(),
  damageEn: z.string().nullable(),
  controlZh: z.string().nullable(),
  controlEn: z.string().nullable(),
  /** Active ingredients registered against it: a tenant input whose name holds one is listed. */
  ingredients: z.array(z.string()),
  /** Image URLs (the file library's). */
  images: z.array(z.string()),
  /** Other labels a model may use for it. */
  aliases: z.array(z.string()),
  inputIds: z.array(z.number().int()),
  objectVersionNumber: z.number().int(),
  lastUpdateDate: z.string(),
});
export type PestKnowledge = z.infer<typeof pestKnowledge>;
export const pestKnowledgeDetail = pestKnowledge.extend({ inputs: z.array(pestInput) });
export type PestKnowledgeDetail = z.infer<typeof pestKnowledgeDetail>;
export const pestKnowledgePage = pageOf(pestKnowledge);

export const pestKnowledgeListQuery = pageQuery.extend({
  /** Name (either language), code, latin name or alias contains. */
  q: blankAsUnset(z.string().max(PEST_NAME_MAX * 2)),
  kind: blankAsUnset(z.enum(PEST_KINDS)),
  /** A crop name (either language) contains. */
  crop: blankAsUnset(z.string().max(PEST_NAME_MAX * 2)),
});
export type PestKnowledgeListQuery = z.infer<typeof pestKnowledgeListQuery>;
export const pestKnowledgeIdParam = tenantParam.extend({ knowledgeId: queryId });

const textList = (max: number, n: number) => z.array(requiredText(max)).max(n);

const pestWrite = {
  kind: z.enum(PEST_KINDS),
  nameZh: requiredText(PEST_NAME_MAX),
  nameEn: requiredText(PEST_NAME_MAX),
  latinName: optionalText(PEST_NAME_MAX * 2).optional(),
  cropsZh: textList(PEST_NAME_MAX, 20).default([]),
  cropsEn: textList(PEST_NAME_MAX, 20).default([]),
  descriptionZh: optionalText(PEST_TEXT_MAX).optional(),
  descriptionEn: optionalText(PEST_TEXT_MAX).optional(),
  damageZh: optionalText(PEST_TEXT_MAX).optional(),
  damageEn: optionalText(PEST_TEXT_MAX).optional(),
  controlZh: optionalText(PEST_TEXT_MAX).optional(),
  controlEn: optionalText(PEST_TEXT_MAX).optional(),
  ingredients: textList(PEST_NAME_MAX, 20).default([]),
  images: z
    .array(
      z
        .string()
        .max(500)
        .regex(/^\/hfle\/v1\/\d+\/files\/[0-9a-f-]{36}\/file$/, { error: 'not a file of the library' }),
    )
    .max(9)
    .default([]),
  aliases: textList(PEST_NAME_MAX * 2, 20).default([]),
  inputIds: z.array(bodyId).max(50).default([]),
};

/** POST .../agriculture/pest-knowledge: a tenant's own entry (code unique within the tenant). */
export const pestKnowledgeCreateBody = z.strictObject({
  code: requiredText(PEST_CODE_MAX).pipe(
    z.string().regex(/^[a-z0-9][a-z0-9-]*$/, { error: 'lower-case letters, digits and dashes' }),
  ),
  ...pestWrite,
});
export type PestKnowledgeCreateBody = z.input<typeof pestKnowledgeCreateBody>;

/**
 * PUT .../agriculture/pest-knowledge/{knowledgeId}: edits the tenant's row; on a platform row it makes the
 * tenant's override (same code), which the tenant then sees instead.
 */
export const pestKnowledgeUpdateBody = updateBodyOf(
  z.strictObject({ ...pestWrite, objectVersionNumber }),
  pestKnowledgeDetail,
);
export type PestKnowledgeUpdateBody = z.input<typeof pestKnowledgeUpdateBody>;

export const pestKnowledgeDeleteQuery = z.object({
  objectVersionNumber: blankAsUnset(z.coerce.number().int().min(1).max(2_147_483_647)),
});
