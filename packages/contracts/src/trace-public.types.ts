import { z } from 'zod';
import { objectVersionNumber, pageOf, pageQuery, tenantIdParam, tenantParam } from './common.types.js';
import { GS1_AI_MAX_LENGTH } from './gs1-digital-link.js';
import { tracePublicRecord } from './trace.types.js';
import { chainProof } from './trace-chain.types.js';

// Publishing a trace batch and its public page (issue 18 item 3): the console's publish call and version
// list, and the signed-out routes of the page (the HTML page, its pictures and the proof the script checks).

/** POST /wfpf/v1/{t}/trace/batches/{id}/publish */
export const tracePublishBody = z.object({ objectVersionNumber }).strict();
export type TracePublishBody = z.infer<typeof tracePublishBody>;

/** One published version of a trace batch (what the console lists; the record itself is the public page). */
export const traceRecordVersion = z.object({
  recordId: z.number().int(),
  traceBatchId: z.number().int(),
  version: z.number().int(),
  recordHash: z.string(),
  txHash: z.string().nullable(),
  publishedAt: z.string(),
  publishedBy: z.number().int().nullable(),
});
export type TraceRecordVersion = z.infer<typeof traceRecordVersion>;

/** The publish answer: the new version, its ledger transaction and the batch's new objectVersionNumber. */
export const tracePublishAnswer = traceRecordVersion.extend({
  blockHeight: z.number().int(),
  objectVersionNumber: z.number().int(),
});
export type TracePublishAnswer = z.infer<typeof tracePublishAnswer>;

export const traceRecordPage = pageOf(traceRecordVersion);
export const traceRecordListQuery = pageQuery;
export const traceBatchPublishParam = tenantIdParam;

// ---- Signed-out routes ----

/** A serial or a lot as GS1 AI 21 / 10 carry them (1–20 characters of CSET 82; the router has decoded it). */
const aiValue = z.string().min(1).max(GS1_AI_MAX_LENGTH);
const lang = z.enum(['zh-CN', 'en-US', 'zh', 'en']).optional().catch(undefined);

export const tracePageSerialParam = tenantParam.extend({ serial: aiValue });
export const tracePageLotParam = tenantParam.extend({ lot: aiValue });
export const tracePageGs1Param = z.object({
  gtin: z.string().regex(/^\d{8,14}$/),
  lot: aiValue,
  serial: aiValue,
});
export const tracePageQuery = z.object({ lang });

/** The page's "share my rough location" call: the scan it counted (n, k from the page) and a coarse place. */
export const traceScanPlaceQuery = z.object({
  n: z.coerce.number().int().min(1).max(1_000_000_000),
  k: z.string().regex(/^[A-Za-z0-9_-]{32}$/),
});
export const traceScanPlaceBody = z
  .object({
    lat: z.number().min(-90).max(90).nullish(),
    lng: z.number().min(-180).max(180).nullish(),
    /** The browser's time zone (e.g. Asia/Shanghai): a region without asking for a position. */
    region: z
      .string()
      .max(60)
      .regex(/^[A-Za-z0-9_+\-/ ]*$/)
      .nullish(),
  })
  .strict();
export const traceScanPlaceAnswer = z.object({ recorded: z.boolean() });

/** Picture `index` of the record `version` the code's page shows; thumb (≤ 480 px) or full (≤ 1280 px). */
export const traceImageSerialParam = tracePageSerialParam.extend({
  version: z.coerce.number().int().min(1).max(1_000_000),
  index: z.coerce.number().int().min(0).max(99),
});
export const traceImageLotParam = tracePageLotParam.extend({
  version: z.coerce.number().int().min(1).max(1_000_000),
  index: z.coerce.number().int().min(0).max(99),
});
/** The promo video of the current record (`/video/{serial}/{version}/video|poster.jpg`). */
export const traceVideoSerialParam = tracePageSerialParam.extend({
  version: z.coerce.number().int().min(1).max(1_000_000),
});
export const traceVideoLotParam = tracePageLotParam.extend({
  version: z.coerce.number().int().min(1).max(1_000_000),
});
export const traceImageQuery = z.object({ size: z.enum(['thumb', 'full']).default('thumb').catch('thumb') });

/**
 * GET /wfpf/v1/public/{t}/trace/proof/{serial} (or /proof/b/{lot}): the published record as stored, its
 * ledger proof, and the server's verdict; the page's script recomputes the proof from the first two.
 */
export const tracePublicProof = z.object({
  record: tracePublicRecord,
  recordHash: z.string(),
  proof: chainProof.nullable(),
  /** verified | mismatch (record or ledger changed) | unproved (no ledger entry). */
  verdict: z.enum(['verified', 'mismatch', 'unproved']),
  /** The block's link into the chain: its prevHash is the stored hash of the block before, and the next block's prevHash is its hash. */
  linked: z.boolean(),
});
export type TracePublicProof = z.infer<typeof tracePublicProof>;
