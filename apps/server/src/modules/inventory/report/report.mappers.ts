import type {
  InvLedgerRow,
  InvSlowRow,
  InvStockRow,
  InvSummaryRow,
  InvWarehouseValue,
} from '@tilth/contracts/inventory.report.types';
import { num } from '../../../platform/decimal.js';
import type { LedgerDbRow, SummaryDbRow } from './movement.repository.js';
import type { SlowDbRow, StockDbRow, WarehouseValueDbRow } from './stock.repository.js';

// Database rows (ids as text from some drivers, numerics as text) → the contract's answers.

const id = (v: string | number): number => Number(v);
const idOrNull = (v: string | number | null): number | null => (v === null ? null : Number(v));
const numOrNull = (v: string | null): number | null => (v === null ? null : num(v));

export const toStockRow = (r: StockDbRow): InvStockRow => ({
  key: `${r.warehouse_id}-${r.sku_id}-${r.lot_no}`,
  warehouseId: id(r.warehouse_id),
  warehouseCode: r.warehouse_code,
  warehouseName: r.warehouse_name,
  areaId: idOrNull(r.area_id),
  productId: idOrNull(r.product_id),
  productCode: r.product_code,
  productName: r.product_name,
  skuId: id(r.sku_id),
  skuCode: r.sku_code,
  skuName: r.sku_name,
  specification: r.specification,
  model: r.model,
  stockUnitName: r.unit_name,
  lotNo: r.lot_no,
  expiryDate: r.expiry_date,
  quantity: num(r.qty),
  transitQty: num(r.tqty),
  value: num(r.val),
  avgCost: num(r.avg_cost),
  minQty: numOrNull(r.min_qty),
  maxQty: numOrNull(r.max_qty),
  skuWarehouseQty: num(r.sku_wh_qty),
  belowMin: r.below_min,
  aboveMax: r.above_max,
  expiryState: r.expiry_state,
  lastPostedAt: r.last_at,
});

export const toWarehouseValue = (r: WarehouseValueDbRow): InvWarehouseValue => ({
  warehouseId: id(r.warehouse_id),
  warehouseName: r.warehouse_name,
  value: num(r.val),
  transitValue: num(r.tval),
  skuCount: Number(r.skus),
});

export const toSummaryRow = (r: SummaryDbRow): InvSummaryRow => ({
  periodStart: r.p,
  periodLabel: r.label,
  warehouseId: id(r.warehouse_id),
  warehouseName: r.warehouse_name,
  productId: idOrNull(r.product_id),
  productCode: r.product_code,
  productName: r.product_name,
  skuId: id(r.sku_id),
  skuName: r.sku_name,
  skuCode: null,
  specification: null,
  stockUnitName: r.unit_name,
  openingQty: num(r.open_q),
  openingValue: num(r.open_v),
  inQty: num(r.in_q),
  inValue: num(r.in_v),
  outQty: num(r.out_q),
  outValue: num(r.out_v),
  closingQty: num(r.close_q),
  closingValue: num(r.close_v),
});

export const toLedgerRow = (r: LedgerDbRow): InvLedgerRow => ({
  id: id(r.id),
  docDate: r.doc_date,
  postedAt: r.posted_at,
  warehouseId: id(r.warehouse_id),
  warehouseName: r.warehouse_name,
  productId: idOrNull(r.product_id),
  productCode: r.product_code,
  productName: r.product_name,
  skuId: id(r.sku_id),
  skuName: r.sku_name,
  skuCode: null,
  specification: null,
  stockUnitName: r.unit_name,
  lotNo: r.lot_no,
  location: r.location,
  sourceType: r.source_type,
  sourceId: idOrNull(r.source_id),
  sourceCode: r.source_code,
  quantity: num(r.quantity),
  unitCost: num(r.unit_cost),
  valueChange: num(r.value_change),
  balanceQty: num(r.balance_qty),
  balanceValue: num(r.balance_value),
  remark: r.remark,
});

export const toSlowRow = (r: SlowDbRow): InvSlowRow => ({
  key: `${r.warehouse_id}-${r.sku_id}`,
  warehouseId: id(r.warehouse_id),
  warehouseName: r.warehouse_name,
  productId: idOrNull(r.product_id),
  productCode: r.product_code,
  productName: r.product_name,
  skuId: id(r.sku_id),
  skuName: r.sku_name,
  stockUnitName: r.unit_name,
  quantity: num(r.qty),
  value: num(r.val),
  lastOutDate: r.last_out,
  lastInDate: r.last_in,
  idleDays: r.idle_days === null ? null : Number(r.idle_days),
});

/** The SKU column's text: the SKU's name, or for a single-SKU product (no name) its code and spec. */
export const skuLabel = (r: {
  skuName: string | null;
  skuCode: string | null;
  specification: string | null;
}) => r.skuName || [r.skuCode, r.specification].filter(Boolean).join(' ');
