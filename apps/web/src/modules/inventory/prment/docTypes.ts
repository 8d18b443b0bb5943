import type { ApprovalDocType } from '@tilth/contracts';
import {
  INV_DOC_PAGES,
  INV_DOC_TYPES,
  type InvDocType,
  invDocPermission,
} from '@tilth/contracts/inventory.document.types';

// The six inventory documents as the console routes them (spec 01 §2.5): the URL segment of each type,
// the one permission code of its pages, its approval document type, and what kind of execution state it
// shows (inbound: stored; outbound: out).

export { INV_DOC_TYPES, type InvDocType };

/** The URL segment under /inventory/prment of each type. */
export const DOC_SEGMENT: Record<InvDocType, string> = INV_DOC_PAGES;

export const APPROVAL_TYPE: Record<InvDocType, ApprovalDocType> = {
  purchase_request: 'inv_purchase_request',
  warehousing: 'inv_warehousing',
  shipment: 'inv_shipment',
  transfer: 'inv_transfer',
  return: 'inv_return',
  stocktake: 'inv_stocktake',
};

/** Which counterparties a type's header picks from; null: the type has none. */
export const COUNTERPARTY: Record<InvDocType, 'supplier' | 'customer' | 'any' | null> = {
  purchase_request: 'supplier',
  warehousing: 'supplier',
  shipment: 'customer',
  transfer: null,
  return: 'any',
  stocktake: null,
};

/** Only inbound and outbound documents are stored / shipped by an execution (ADR 0014). */
export const executes = (type: InvDocType): 'store' | 'ship' | null =>
  type === 'warehousing' ? 'store' : type === 'shipment' ? 'ship' : null;

const ROOT = '/inventory/prment';

export const DOC_PATHS = {
  list: (type: InvDocType) => `${ROOT}/${DOC_SEGMENT[type]}`,
  add: (type: InvDocType) => `${ROOT}/${DOC_SEGMENT[type]}/add`,
  edit: (type: InvDocType, id: number) => `${ROOT}/${DOC_SEGMENT[type]}/edit/${id}`,
  info: (type: InvDocType, id: number) => `${ROOT}/${DOC_SEGMENT[type]}/info/${id}`,
  /** A rejected stocktake counted again and sent back into approval. */
  resubmit: (id: number) => `${ROOT}/inventory_form/resubmit/${id}`,
  /** Purchase request → inbound. */
  convertPurchase: (id: number) => `${ROOT}/warehousing/convert_purchase/${id}`,
  /** Outbound to another warehouse → inbound there. */
  convertShipment: (id: number) => `${ROOT}/warehousing/convert_shipment/${id}`,
  /** Outbound → customer return. */
  shipmentReturn: (id: number) => `${ROOT}/shipment/return/${id}`,
  /** A source (a return to a supplier) → outbound. */
  shipmentConvert: (id: number) => `${ROOT}/shipment/convert/${id}`,
  /** Transfer → its outbound and inbound legs. */
  transferConvert: (id: number) => `${ROOT}/transfer/convert/${id}`,
  /** Return → the inbound or outbound that moves it; inbound → a return to its supplier. */
  returnConvert: (id: number) => `${ROOT}/return/convert/${id}`,
  /** Approved stocktake → adjusting inbound / outbound. */
  stocktakeConvert: (id: number) => `${ROOT}/inventory_form/convert/${id}`,
};

/** The one permission code of a type's pages (one code per page, permissions.company). */
export const DOC_CODE = Object.fromEntries(INV_DOC_TYPES.map((t) => [t, invDocPermission(t)])) as Record<
  InvDocType,
  string
>;

export const isInvDocType = (v: unknown): v is InvDocType =>
  typeof v === 'string' && (INV_DOC_TYPES as readonly string[]).includes(v);
