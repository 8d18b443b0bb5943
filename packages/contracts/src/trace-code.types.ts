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
} from './common.types.js';

// Trace codes (issue 18 item 2): code packages of N serial codes of a trace batch (GS1 Digital Link URIs,
// or the tenant's own prefix without a GTIN), made by a job with the QR label sheet (PDF), CSV and ZIP;
// codes can be voided; every scan of a code's public page is recorded (trace/record).

/** A package holds 1…TRACE_CODE_MAX_QUANTITY codes (server-enforced). */
export const TRACE_CODE_MAX_QUANTITY = 100_000;
/** Up to this many codes the ZIP holds one QR PNG per code; above it, the CSV and the PDF sheet. */
export const TRACE_CODE_ZIP_PNG_MAX = 10_000;
/** Serials are at most 20 characters (GS1 AI 21); the random part is at least this long. */
export const TRACE_SERIAL_RANDOM_MIN = 12;
export const TRACE_CODE_PACKAGE_PAGE_SIZE = 10;
export const TRACE_SCAN_PAGE_SIZE = 20;
export const TRACE_CODE_REMARK_MAX = 200;
export const TRACE_VOID_REASON_MAX = 200;

/** The label sheet: A4 portrait, 4 × 6 labels of 48 × 45 mm (a common self-adhesive sheet). */
export const TRACE_LABEL_COLUMNS = 4;
export const TRACE_LABEL_ROWS = 6;
export const TRACE_LABELS_PER_PAGE = TRACE_LABEL_COLUMNS * TRACE_LABEL_ROWS;

/**
 * When a scan is flagged suspicious (a copied label is scanned far more, and in more places, than one
 * package on a shelf and at a buyer's home):
 * - count: the code's scan number is above TRACE_SCAN_SUSPICIOUS_COUNT;
 * - distance: the scan is more than TRACE_SCAN_FAR_KM from another scan of the code within
 *   TRACE_SCAN_FAR_MINUTES (nobody carries a package that fast);
 * - clients: TRACE_SCAN_MANY_CLIENTS or more different client addresses scanned it within 24 hours;
 * - voided: the code was voided.
 */
export const TRACE_SCAN_SUSPICIOUS_COUNT = 20;
export const TRACE_SCAN_FAR_KM = 300;
export const TRACE_SCAN_FAR_MINUTES = 60;
export const TRACE_SCAN_MANY_CLIENTS = 5;
export const TRACE_SCAN_REASONS = ['count', 'distance', 'clients', 'voided'] as const;
export type TraceScanReason = (typeof TRACE_SCAN_REASONS)[number];

export const TRACE_CODE_PACKAGE_STATUSES = ['queued', 'generating', 'ready', 'failed'] as const;
export type TraceCodePackageStatus = (typeof TRACE_CODE_PACKAGE_STATUSES)[number];
export const TRACE_CODE_SCHEMES = ['gs1', 'tenant'] as const;
export type TraceCodeScheme = (typeof TRACE_CODE_SCHEMES)[number];

const isoDay = z.iso.date();

export const traceCodePackage = z.object({
  packageId: z.number().int(),
  packageCode: z.string(),
  traceBatchId: z.number().int(),
  productName: z.string().nullable(),
  batchCode: z.string().nullable(),
  quantity: z.number().int(),
  codeScheme: z.enum(TRACE_CODE_SCHEMES),
  status: z.enum(TRACE_CODE_PACKAGE_STATUSES),
  /** 0–100 while generating. */
  progress: z.number().int(),
  /** Why generation failed (the caller's language), else null. */
  error: z.string().nullable(),
  /** True when the ZIP holds one PNG per code; false above TRACE_CODE_ZIP_PNG_MAX (CSV + PDF). */
  zipHasImages: z.boolean(),
  voidedCount: z.number().int(),
  /** Codes scanned at least once. */
  scannedCount: z.number().int(),
  remark: z.string().nullable(),
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
});
export type TraceCodePackage = z.infer<typeof traceCodePackage>;
export const traceCodePackagePage = pageOf(traceCodePackage);

/** GET /wfpf/v1/{t}/trace/code-package: page (size 10), batch, status, created from / to (tenant days). */
export const traceCodePackageListQuery = pageQuery.extend({
  size: z.coerce.number().int().min(1).max(100).default(TRACE_CODE_PACKAGE_PAGE_SIZE),
  traceBatchId: blankAsUnset(queryId),
  status: blankAsUnset(z.enum(TRACE_CODE_PACKAGE_STATUSES)),
  from: blankAsUnset(isoDay),
  to: blankAsUnset(isoDay),
});
export type TraceCodePackageListQuery = z.infer<typeof traceCodePackageListQuery>;

/** POST /wfpf/v1/{t}/trace/code-package: 202 with the queued package; poll GET …/{packageId}. */
export const traceCodePackageCreateBody = z.strictObject({
  traceBatchId: bodyId,
  quantity: z.number().int().min(1).max(TRACE_CODE_MAX_QUANTITY),
  remark: optionalText(TRACE_CODE_REMARK_MAX).optional(),
});
export type TraceCodePackageCreateBody = z.input<typeof traceCodePackageCreateBody>;

export const traceCodePackageIdParam = tenantParam.extend({ packageId: queryId });
export const traceCodeFileParam = traceCodePackageIdParam.extend({ file: z.enum(['pdf', 'csv', 'zip']) });

export const traceCode = z.object({
  seq: z.number().int(),
  serial: z.string(),
  url: z.string(),
  scanCount: z.number().int(),
  firstScanAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
});
export type TraceCode = z.infer<typeof traceCode>;
export const traceCodePage = pageOf(traceCode);

/** GET …/code-package/{packageId}/codes: page, size (20), serial contains, voided 0/1. */
export const traceCodeListQuery = pageQuery.extend({
  size: z.coerce.number().int().min(1).max(100).default(TRACE_SCAN_PAGE_SIZE),
  serial: blankAsUnset(z.string().trim().max(40)),
  voided: blankAsUnset(z.enum(['0', '1'])),
});
export type TraceCodeListQuery = z.infer<typeof traceCodeListQuery>;

/** POST …/code-package/{packageId}/void: the whole package (codes not voided yet). */
export const traceCodePackageVoidBody = z.strictObject({
  reason: requiredText(TRACE_VOID_REASON_MAX),
  objectVersionNumber,
});
/** POST /wfpf/v1/{t}/trace/code/void: one code by serial. */
export const traceCodeVoidBody = z.strictObject({
  serial: z.string().trim().min(1).max(20),
  reason: requiredText(TRACE_VOID_REASON_MAX),
});
export const traceCodeVoidAnswer = z.object({ voided: z.number().int() });

export const traceScan = z.object({
  scanId: z.number().int(),
  scannedAt: z.string(),
  serial: z.string(),
  traceBatchId: z.number().int(),
  productName: z.string().nullable(),
  batchCode: z.string().nullable(),
  /** 1 = the code's first scan; n = its nth. */
  scanNo: z.number().int(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  region: z.string().nullable(),
  /** Browser / OS family, e.g. "WeChat / iOS". */
  client: z.string().nullable(),
  suspicious: z.boolean(),
  suspicionReason: z.enum(TRACE_SCAN_REASONS).nullable(),
});
export type TraceScan = z.infer<typeof traceScan>;

export const traceScanSummary = z.object({
  scans: z.number().int(),
  uniqueCodes: z.number().int(),
  suspicious: z.number().int(),
});
export type TraceScanSummary = z.infer<typeof traceScanSummary>;
export const traceScanPage = pageOf(traceScan).extend({ summary: traceScanSummary });
export type TraceScanPage = z.infer<typeof traceScanPage>;

/** GET /wfpf/v1/{t}/trace/scan: page (20), from / to (tenant days), batch, serial, suspicious only. */
export const traceScanListQuery = pageQuery.extend({
  size: z.coerce.number().int().min(1).max(100).default(TRACE_SCAN_PAGE_SIZE),
  from: blankAsUnset(isoDay),
  to: blankAsUnset(isoDay),
  traceBatchId: blankAsUnset(queryId),
  serial: blankAsUnset(z.string().trim().max(40)),
  suspicious: blankAsUnset(z.enum(['0', '1'])),
});
export type TraceScanListQuery = z.infer<typeof traceScanListQuery>;
