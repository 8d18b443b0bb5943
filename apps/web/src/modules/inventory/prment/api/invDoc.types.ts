import type { InvDocDetail, InvDoc as InvDocRow } from '@tilth/contracts/inventory.document.types';

// The document API's shapes come from part C's contracts; the pickers' (parts A and B) are restated here
// as api-surface fixes them until those contracts are merged.

export type {
  InvAdjustAnswer,
  InvConvertAnswer,
  InvDocCreateBody,
  InvDocDetail,
  InvDocLine,
  InvDocLink,
  InvDocUpdateBody,
  InvDocWarning,
  InvExecState,
  InvExecuteBody,
  InvLegsAnswer,
  InvStocktakeBookRow,
} from '@tilth/contracts/inventory.document.types';
export type { InvDocRow };

/** A list row or a whole document: the pages act on either (a row has no lines or links). */
export type InvDoc = InvDocRow &
  Partial<Pick<InvDocDetail, 'lines' | 'source' | 'children' | 'reversalOf' | 'reversedBy' | 'warnings'>>;

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
  /** A unit may be listed under several kinds. */
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
  /** 0 | 1 */
  tracksLot: number;
  tracksExpiry: number;
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
