import type { ChosenAssignees, DocAuditState } from '@tilth/contracts';
import type { InvDocType } from '../docTypes';

// The document API's shapes as the console reads them (api-surface, part C). Kept here until part C's
// contracts (inventory.document.types.ts) are merged; then these become re-exports.

export type InvExecState = 'pending' | 'partial' | 'done';

export interface InvDocRef {
  id: number;
  docType: InvDocType;
  docCode: string;
}

export interface InvDocChild extends InvDocRef {
  auditState: DocAuditState;
  execState: InvExecState;
}

export interface InvDocLine {
  id: number;
  lineNo: number;
  skuId: number;
  productId: number;
  productCode: string | null;
  productName: string | null;
  skuName: string | null;
  specification: string | null;
  unitId: number;
  unitName: string | null;
  /** Stock units per one of the line's unit. */
  factor: number;
  quantity: number;
  unitPrice: number | null;
  amount: number | null;
  lotNo: string;
  expiryDate: string | null;
  sourceLineId: number | null;
  convertedQty: number;
  doneQty: number;
  remainingQty: number;
  /** Stocktake: what the books held, in the line's unit. */
  bookQty: number | null;
  tracksLot?: boolean;
  tracksExpiry?: boolean;
  remark: string | null;
}

export interface InvDoc {
  id: number;
  docType: InvDocType;
  docCode: string;
  docDate: string;
  bizType: string;
  warehouseId: number;
  warehouseName: string | null;
  toWarehouseId: number | null;
  toWarehouseName: string | null;
  businessId: number | null;
  businessName: string | null;
  arrivalDate: string | null;
  handlerName: string | null;
  remark: string | null;
  auditState: DocAuditState;
  execState: InvExecState;
  processId: number | null;
  totalQuantity: number;
  totalAmount: number;
  areaId: number | null;
  reversedFlag?: number;
  objectVersionNumber: number;
  creationDate?: string;
  source?: InvDocRef | null;
  children?: InvDocChild[];
  reversalOf?: InvDocRef | null;
  reversedBy?: InvDocRef | null;
  lines?: InvDocLine[];
}

export interface InvDocLineBody {
  skuId: number;
  unitId: number;
  quantity: number;
  unitPrice?: number | null;
  lotNo?: string | null;
  expiryDate?: string | null;
  sourceLineId?: number | null;
  bookQty?: number | null;
  remark?: string | null;
}

export interface InvDocCreateBody {
  docType: InvDocType;
  docDate: string;
  bizType?: string;
  warehouseId: number;
  toWarehouseId?: number | null;
  businessId?: number | null;
  arrivalDate?: string | null;
  handlerName?: string | null;
  remark?: string | null;
  sourceDocId?: number | null;
  submit?: boolean;
  chosen?: ChosenAssignees;
  lines: InvDocLineBody[];
}

export interface InvDocUpdateBody extends InvDocCreateBody {
  objectVersionNumber: number;
}

export interface InvExecuteBody {
  lines: { lineId: number; quantity: number; lotNo?: string | null; expiryDate?: string | null }[];
  objectVersionNumber: number;
}

/** A row of GET /stocktake/book: what the books hold of a SKU (and lot) in the warehouse, in stock units. */
export interface InvBookRow {
  skuId: number;
  lotNo: string;
  expiryDate?: string | null;
  quantity: number;
  productName?: string | null;
  skuName?: string | null;
  specification?: string | null;
  unitId?: number;
  unitName?: string | null;
}

// Part A / B shapes the pickers read (api-surface, fixed).

export interface InvWarehouseOption {
  id: number;
  warehouseCode: string;
  warehouseName: string;
  areaId: number | null;
  allowNegative: 0 | 1;
  enabledFlag: number;
}

export interface InvBusinessOption {
  id: number;
  businessCode: string;
  businessName: string;
  category: 'supplier' | 'customer' | 'both';
}

export interface InvSkuUnit {
  unitId: number;
  unitName: string;
  /** Stock units per one of this unit. */
  factor: number;
  kind: 'stock' | 'purchase' | 'retail';
}

export interface InvSku {
  skuId: number;
  skuCode: string;
  skuName: string | null;
  productId: number;
  productCode: string;
  productName: string;
  specification: string | null;
  model: string | null;
  tracksLot: boolean;
  tracksExpiry: boolean;
  stockUnit: { id: number; name: string };
  units: InvSkuUnit[];
  retailPrice: number | null;
  memberPrice: number | null;
  costPrice: number | null;
  /** In stock units, when the query named a warehouse. */
  available?: number;
}

export interface InvOption {
  defaultWarehouseId: number | null;
  costMethod: string;
  shortagePolicy: 'block' | 'warn';
  quantityDecimals: number;
  expiryWarnDays: number;
  objectVersionNumber: number;
}
