import { z } from 'zod';

// Traceability (issue 18): the shapes every trace domain shares. The published record below is what a
// buyer's scan shows and what the chain proves; catalogue, code and ledger calls have their own files
// (trace-catalog.types.ts, trace-code.types.ts, trace-chain.types.ts).

/** normal | organic | green | pollution_free (spec 03 §9 'planting standards'). */
export const PLANTING_STANDARDS = ['normal', 'organic', 'green', 'pollution_free'] as const;
export type PlantingStandard = (typeof PLANTING_STANDARDS)[number];

export const traceCertificate = z.object({
  /** organic | green | pollution_free | gap | haccp | iso22000 | other */
  kind: z.string().max(30),
  name: z.string().min(1).max(100),
  number: z.string().max(60).nullish(),
  issuer: z.string().max(100).nullish(),
  validUntil: z.iso.date().nullish(),
  fileUrl: z.string().max(500).nullish(),
});
export type TraceCertificate = z.infer<typeof traceCertificate>;

export const traceInspection = z.object({
  name: z.string().min(1).max(100),
  agency: z.string().max(100).nullish(),
  date: z.iso.date(),
  /** pass | fail */
  result: z.enum(['pass', 'fail']),
  /** What was tested (pesticide residues, heavy metals…). */
  items: z.string().max(500).nullish(),
  fileUrl: z.string().max(500).nullish(),
});
export type TraceInspection = z.infer<typeof traceInspection>;

/** A point of the season's timeline, assembled from farm records at publication. */
export const traceSeasonEvent = z.object({
  date: z.string(),
  /** sow (batch start) | task | input | log | capture | harvest | inspection */
  kind: z.enum(['sow', 'task', 'input', 'log', 'capture', 'harvest', 'inspection']),
  title: z.string(),
  detail: z.string().nullish(),
  landName: z.string().nullish(),
  /** Inputs actually used by a task, with their registration numbers. */
  inputs: z
    .array(
      z.object({
        name: z.string(),
        category: z.string(),
        registrationNo: z.string().nullish(),
        quantity: z.string(),
        unit: z.string(),
      }),
    )
    .optional(),
  /** Indexes into record.images. */
  imageIndexes: z.array(z.number().int()).optional(),
});
export type TraceSeasonEvent = z.infer<typeof traceSeasonEvent>;

/**
 * The published trace record (trace_records.record): frozen at publication, served to the public page,
 * hashed into the chain. Only what a buyer should see; no internal ids except the batch's own.
 */
export const tracePublicRecord = z.object({
  schema: z.literal(1),
  tenantId: z.number().int(),
  traceBatchId: z.number().int(),
  version: z.number().int(),
  publishedAt: z.string(),
  product: z.object({
    name: z.string(),
    enName: z.string().nullish(),
    gtin: z.string().nullish(),
    specification: z.string().nullish(),
    netWeight: z.string().nullish(),
    weightUnit: z.string(),
    shelfLifeDays: z.number().int().nullish(),
    plantingStandard: z.enum(PLANTING_STANDARDS),
    certificates: z.array(traceCertificate),
    description: z.string().nullish(),
    imageIndex: z.number().int().nullish(),
  }),
  batch: z.object({
    batchCode: z.string(),
    placeOfOrigin: z.string(),
    weight: z.string().nullish(),
    productionDate: z.string(),
    expiryDate: z.string().nullish(),
    /** The farm batches (harvests) it is made of. */
    harvests: z.array(
      z.object({
        batchCode: z.string(),
        cropName: z.string(),
        varietyName: z.string().nullish(),
        startDate: z.string(),
        harvestDate: z.string().nullish(),
        harvestQuantity: z.string().nullish(),
        unit: z.string().nullish(),
      }),
    ),
  }),
  business: z
    .object({
      name: z.string(),
      creditCode: z.string().nullish(),
      address: z.string().nullish(),
      phone: z.string().nullish(),
      website: z.string().nullish(),
      introduction: z.string().nullish(),
      logoIndex: z.number().int().nullish(),
    })
    .nullable(),
  /** Bases and plots the harvests grew on; center 'lat,lng', boundary rings of [lng, lat]. */
  places: z.array(
    z.object({
      areaName: z.string(),
      areaCenter: z.string().nullish(),
      landName: z.string().nullish(),
      landCenter: z.string().nullish(),
      boundary: z.array(z.array(z.tuple([z.number(), z.number()]))).nullish(),
    }),
  ),
  season: z.array(traceSeasonEvent),
  inspections: z.array(traceInspection),
  /** Carbon footprint of the lot (carbon/footprint), or null when it cannot be computed. */
  footprint: z
    .object({
      kgCo2ePerKg: z.string(),
      totalKgCo2e: z.string(),
      harvestKg: z.string(),
      byStage: z.array(z.object({ stage: z.string(), kgCo2e: z.string() })),
      method: z.string(),
    })
    .nullable(),
  outlets: z.array(
    z.object({
      kind: z.enum(['store', 'online']),
      name: z.string(),
      platform: z.string().nullish(),
      url: z.string().nullish(),
      address: z.string().nullish(),
      phone: z.string().nullish(),
      openingHours: z.string().nullish(),
    }),
  ),
  /**
   * Pictures the record shows (camera captures, product image, logo): stored file URLs at publication;
   * the public route serves only these, by index.
   */
  images: z.array(
    z.object({ url: z.string(), caption: z.string().nullish(), takenAt: z.string().nullish() }),
  ),
  /**
   * The product's promo video at publication (issue 19 item 4), absent in older records: the public
   * video routes serve only the video whose assetKey this names.
   */
  promoVideo: z
    .object({
      assetKey: z.string(),
      width: z.number().int(),
      height: z.number().int(),
      durationMs: z.number().int(),
    })
    .optional(),
});
export type TracePublicRecord = z.infer<typeof tracePublicRecord>;
