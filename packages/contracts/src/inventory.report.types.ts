import { z } from 'zod';
import { blankAsUnset, queryId as id, pageOf, pageQuery } from './common.types.js';

// Inventory reports (issue 15 item 4; spec 01 §2.5 prment/stock and prment/report; spec 03 §9 'Reports:
// daily, monthly, yearly'). All read the stock ledger's book 'inv' (ADR 0014); quantities are in the
// product's stock unit, money has 2 decimals. Every answer carries the tenant's `quantityDecimals`
// (config/option) so the console formats quantities the same way everywhere.

export const INV_REPORT_PERIODS = ['day', 'month', 'year'] as const;
export type InvReportPeriod = (typeof INV_REPORT_PERIODS)[number];
/** The longest range per period, so a report stays a report (366 days, 10 years of months, 50 years). */
export const INV_REPORT_MAX_PERIODS: Record<InvReportPeriod, number> = { day: 366, month: 120, year: 50 };
export const INV_SLOW_DAYS_DEFAULT = 90;
export const INV_SLOW_DAYS_MAX = 3650;
/** Rows an Excel export holds at most (the filter narrows a larger one). */
export const INV_EXPORT_MAX_ROWS = 50_000;
export const INV_EXPIRY_STATES = ['expired', 'expiring'] as const;
export const INV_LEDGER_LOCATIONS = ['stock', 'transit'] as const;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A calendar day 'yyyy-MM-dd' that exists. */
export const invReportDay = z
  .string()
  .regex(DAY, { error: 'a date yyyy-MM-dd' })
  .refine(
    (s) => {
      const m = DAY.exec(s);
      if (!m) return false;
      const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
      return d.toISOString().slice(0, 10) === s;
    },
    { error: 'a date yyyy-MM-dd' },
  );

/** '1' / '0' in a query string (also true / false). */
const queryFlag = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .optional();

const text = (max: number) =>
  z
    .string()
    .max(max * 4)
    .transform((s) => s.trim())
    .pipe(z.string().max(max, { error: `text too long (at most ${max} characters)` }))
    .optional()
    .transform((s) => (s ? s : undefined));

// ---- On hand: GET /stock, /stock/export, /stock/by-warehouse ----

export const invStockFilter = z.object({
  warehouseId: blankAsUnset(id),
  /** The product (SPU): all of its SKUs. */
  productId: blankAsUnset(id),
  skuId: blankAsUnset(id),
  /** Product name, code or alias, or SKU code, contains (any case). */
  keyword: text(60),
  /** Lot number contains. */
  lotNo: text(60),
  /** Only rows whose SKU is below its minimum in that warehouse. */
  belowMin: queryFlag,
  /** Only rows whose SKU is above its maximum in that warehouse. */
  aboveMax: queryFlag,
  /** Only lots expired or expiring within the option's expiryWarnDays. */
  expiring: queryFlag,
  /** Also rows holding nothing (0 in stock and in transit); default: hidden. */
  showZero: queryFlag,
});
export type InvStockFilter = z.infer<typeof invStockFilter>;
export const invStockQuery = pageQuery.extend(invStockFilter.shape);
export type InvStockQuery = z.infer<typeof invStockQuery>;

export const invStockRow = z.object({
  /** `${warehouseId}-${skuId}-${lotNo}`: unique in the list. */
  key: z.string(),
  warehouseId: z.number().int(),
  warehouseCode: z.string().nullable(),
  warehouseName: z.string().nullable(),
  areaId: z.number().int().nullable(),
  productId: z.number().int().nullable(),
  productCode: z.string().nullable(),
  productName: z.string().nullable(),
  skuId: z.number().int(),
  skuCode: z.string().nullable(),
  skuName: z.string().nullable(),
  specification: z.string().nullable(),
  model: z.string().nullable(),
  stockUnitName: z.string().nullable(),
  /** '' when the product tracks no lots. */
  lotNo: z.string(),
  expiryDate: z.string().nullable(),
  /** Available on hand (location 'stock'), in the stock unit. */
  quantity: z.number(),
  /** Sent here by a transfer and not yet received: not available, not in `quantity`. */
  transitQty: z.number(),
  /** Value of the quantity on hand (moving average), 2 decimals. */
  value: z.number(),
  avgCost: z.number(),
  /** The SKU's minimum / maximum in this warehouse (inv_stock_limits), compared with its total over lots. */
  minQty: z.number().nullable(),
  maxQty: z.number().nullable(),
  /** The SKU's quantity in this warehouse over all lots (what the limits are compared with). */
  skuWarehouseQty: z.number(),
  belowMin: z.boolean(),
  aboveMax: z.boolean(),
  /** 'expired' (before today), 'expiring' (within expiryWarnDays) or null. */
  expiryState: z.enum(INV_EXPIRY_STATES).nullable(),
  lastPostedAt: z.string(),
});
export type InvStockRow = z.infer<typeof invStockRow>;

export const invStockTotals = z.object({ quantity: z.number(), transitQty: z.number(), value: z.number() });
export type InvStockTotals = z.infer<typeof invStockTotals>;

export const invStockPage = pageOf(invStockRow).extend({
  /** Over the whole filter, not only this page. */
  totals: invStockTotals,
  quantityDecimals: z.number().int(),
  expiryWarnDays: z.number().int(),
});
export type InvStockPage = z.infer<typeof invStockPage>;

export const invWarehouseValue = z.object({
  warehouseId: z.number().int(),
  warehouseName: z.string().nullable(),
  value: z.number(),
  /** Value of what is in transit to it. */
  transitValue: z.number(),
  skuCount: z.number().int(),
});
export type InvWarehouseValue = z.infer<typeof invWarehouseValue>;
export const invWarehouseValueList = z.array(invWarehouseValue);

// ---- In / out / balance by period: GET /report/summary, /report/summary/export ----

const summaryFields = z.object({
  period: z.enum(INV_REPORT_PERIODS).default('month'),
  dateFrom: invReportDay,
  dateTo: invReportDay,
  warehouseId: blankAsUnset(id),
  productId: blankAsUnset(id),
  skuId: blankAsUnset(id),
  keyword: text(60),
});
const rangeInOrder = { error: 'may not be before dateFrom', path: ['dateTo'] };
export const invSummaryFilter = summaryFields.refine((q) => q.dateFrom <= q.dateTo, rangeInOrder);
export type InvSummaryFilter = z.infer<typeof invSummaryFilter>;
export const invSummaryQuery = pageQuery
  .extend(summaryFields.shape)
  .refine((q) => q.dateFrom <= q.dateTo, rangeInOrder);
export type InvSummaryQuery = z.infer<typeof invSummaryQuery>;

export const invSummaryRow = z.object({
  /** First day of the period: the day, 'yyyy-MM-01' or 'yyyy-01-01' (clipped to dateFrom / dateTo). */
  periodStart: z.string(),
  /** 'yyyy-MM-dd', 'yyyy-MM' or 'yyyy'. */
  periodLabel: z.string(),
  warehouseId: z.number().int(),
  warehouseName: z.string().nullable(),
  productId: z.number().int().nullable(),
  productCode: z.string().nullable(),
  productName: z.string().nullable(),
  skuId: z.number().int(),
  skuName: z.string().nullable(),
  /** The SKU's code and its product's specification: what names a single-SKU product's only SKU. */
  skuCode: z.string().nullable(),
  specification: z.string().nullable(),
  stockUnitName: z.string().nullable(),
  openingQty: z.number(),
  openingValue: z.number(),
  inQty: z.number(),
  inValue: z.number(),
  outQty: z.number(),
  outValue: z.number(),
  closingQty: z.number(),
  closingValue: z.number(),
});
export type InvSummaryRow = z.infer<typeof invSummaryRow>;

/** One period's totals over the filter (money only: quantities of different units do not add up). */
export const invSummaryPoint = z.object({
  periodLabel: z.string(),
  inValue: z.number(),
  outValue: z.number(),
  closingValue: z.number(),
});
export type InvSummaryPoint = z.infer<typeof invSummaryPoint>;

export const invSummaryPage = pageOf(invSummaryRow).extend({
  /** Every period of the range, also the quiet ones, for the chart. */
  series: z.array(invSummaryPoint),
  quantityDecimals: z.number().int(),
});
export type InvSummaryPage = z.infer<typeof invSummaryPage>;

// ---- Movement detail: GET /report/ledger, /report/ledger/export ----

export const invLedgerFilter = z.object({
  warehouseId: blankAsUnset(id),
  productId: blankAsUnset(id),
  skuId: blankAsUnset(id),
  keyword: text(60),
  lotNo: text(60),
  location: blankAsUnset(z.enum(INV_LEDGER_LOCATIONS)),
  /** warehousing, shipment, or their *_reversal. */
  sourceType: text(40),
  /** Document code contains. */
  docCode: text(60),
  dateFrom: blankAsUnset(invReportDay),
  dateTo: blankAsUnset(invReportDay),
  /** 'in': quantity > 0; 'out': quantity < 0. */
  direction: blankAsUnset(z.enum(['in', 'out'])),
});
export type InvLedgerFilter = z.infer<typeof invLedgerFilter>;
export const invLedgerQuery = pageQuery.extend(invLedgerFilter.shape);
export type InvLedgerQuery = z.infer<typeof invLedgerQuery>;

export const invLedgerRow = z.object({
  id: z.number().int(),
  docDate: z.string(),
  postedAt: z.string(),
  warehouseId: z.number().int(),
  warehouseName: z.string().nullable(),
  productId: z.number().int().nullable(),
  productCode: z.string().nullable(),
  productName: z.string().nullable(),
  skuId: z.number().int(),
  skuName: z.string().nullable(),
  /** The SKU's code and its product's specification: what names a single-SKU product's only SKU. */
  skuCode: z.string().nullable(),
  specification: z.string().nullable(),
  stockUnitName: z.string().nullable(),
  lotNo: z.string(),
  location: z.enum(INV_LEDGER_LOCATIONS),
  /** The posting document's type (warehousing, shipment, or warehousing_reversal…); its info page. */
  sourceType: z.string(),
  sourceId: z.number().int().nullable(),
  sourceCode: z.string().nullable(),
  /** Signed: positive in, negative out. */
  quantity: z.number(),
  unitCost: z.number(),
  valueChange: z.number(),
  balanceQty: z.number(),
  balanceValue: z.number(),
  remark: z.string().nullable(),
});
export type InvLedgerRow = z.infer<typeof invLedgerRow>;
export const invLedgerPage = pageOf(invLedgerRow).extend({ quantityDecimals: z.number().int() });
export type InvLedgerPage = z.infer<typeof invLedgerPage>;

// ---- Slow movers: GET /report/slow-movers, /report/slow-movers/export ----

export const invSlowFilter = z.object({
  /** No outbound movement for this many days (by document date). */
  days: z.coerce.number().int().min(1).max(INV_SLOW_DAYS_MAX).default(INV_SLOW_DAYS_DEFAULT),
  warehouseId: blankAsUnset(id),
  keyword: text(60),
});
export type InvSlowFilter = z.infer<typeof invSlowFilter>;
export const invSlowQuery = pageQuery.extend(invSlowFilter.shape);
export type InvSlowQuery = z.infer<typeof invSlowQuery>;

export const invSlowRow = z.object({
  key: z.string(),
  warehouseId: z.number().int(),
  warehouseName: z.string().nullable(),
  productId: z.number().int().nullable(),
  productCode: z.string().nullable(),
  productName: z.string().nullable(),
  skuId: z.number().int(),
  skuName: z.string().nullable(),
  stockUnitName: z.string().nullable(),
  quantity: z.number(),
  value: z.number(),
  /** The last outbound movement ever, null when it never went out. */
  lastOutDate: z.string().nullable(),
  lastInDate: z.string().nullable(),
  /** Days since lastOutDate (or since lastInDate when it never went out). */
  idleDays: z.number().int().nullable(),
});
export type InvSlowRow = z.infer<typeof invSlowRow>;
export const invSlowPage = pageOf(invSlowRow).extend({ quantityDecimals: z.number().int() });
export type InvSlowPage = z.infer<typeof invSlowPage>;
