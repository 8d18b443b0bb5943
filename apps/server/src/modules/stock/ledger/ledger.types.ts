// What the ledger engine takes and answers; see ledger.repository.ts.

export type LedgerBook = 'inv' | 'agri';
/** 'stock' is available; 'transit' is sent by a transfer and not yet received (counts in no availability). */
export type LedgerLocation = 'stock' | 'transit';

/** Quantities have 8 decimals, values 4, unit costs 8 (the columns' scales). */
export const QTY_SCALE = 8;
export const VALUE_SCALE = 4;
export const COST_SCALE = 8;

export interface LedgerPosting {
  book: LedgerBook;
  warehouseId: number;
  productId: number;
  /** '' or undefined when the product tracks no lots. */
  lotNo?: string | undefined;
  location?: LedgerLocation | undefined;
  /** Signed quantity in the stock unit, as decimal text: positive in, negative out. */
  quantity: string;
  /** An incoming movement's unit cost; undefined or null: the balance's moving average. Ignored going out. */
  unitCost?: string | null | undefined;
  expiryDate?: string | null | undefined;
  /** The base the warehouse belongs to (data scope); null for a company-level warehouse. */
  areaId: number | null;
  sourceType: string;
  sourceId: number | null;
  sourceLineId?: number | null | undefined;
  sourceCode: string | null;
  /** The document's business date, 'yyyy-MM-dd'. */
  docDate: string;
  remark?: string | null | undefined;
}

export interface BalanceAfter {
  quantity: string;
  value: string;
  avgCost: string;
}

export interface Shortage {
  book: LedgerBook;
  warehouseId: number;
  productId: number;
  lotNo: string;
  location: LedgerLocation;
  /** What the balance held before the posting. */
  available: string;
  /** The net amount the posting takes out of it. */
  requested: string;
}

export type PostResult =
  | { ok: true; balances: Map<string, BalanceAfter> }
  /** The first balance the posting would take below zero where that is not allowed; nothing was written. */
  | { ok: false; shortage: Shortage };

export interface PostOptions {
  /** Whether a warehouse may go below zero ('stock' location only); default: never. */
  allowNegative?: ((warehouseId: number) => boolean) | undefined;
}

export const balanceKey = (
  p: Pick<LedgerPosting, 'book' | 'warehouseId' | 'productId' | 'lotNo' | 'location'>,
): string => `${p.book}|${p.warehouseId}|${p.productId}|${p.lotNo ?? ''}|${p.location ?? 'stock'}`;
