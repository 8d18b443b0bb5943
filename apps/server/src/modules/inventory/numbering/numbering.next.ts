import type { Db } from '../../../platform/db/client.js';
import { findBillRule, takeNumber } from './numbering.repository.js';

/**
 * The built-in rule of a type no one has set up in base/bill: its prefix, no separator, the day and a
 * 4-digit serial (CG202611260001). A configured rule (enabled) replaces it.
 */
export const DEFAULT_BILL_PREFIX: Record<string, string> = {
  purchase_request: 'CG',
  warehousing: 'RK',
  shipment: 'CK',
  transfer: 'DB',
  return: 'TH',
  stocktake: 'PD',
};

/** The next number of a document type for its date, in the caller's transaction (gap-free, see takeNumber). */
export const nextDocCode = async (
  db: Db,
  tenantId: number,
  docType: string,
  docDate: string,
): Promise<string> => {
  const rule = await findBillRule(db, tenantId, docType);
  if (rule && rule.enabledFlag === 1) return takeNumber(db, tenantId, rule, docDate);
  return takeNumber(db, tenantId, defaultBillRule(docType), docDate);
};

/** The built-in rule of a type (used while no enabled rule is set up for it). */
export const defaultBillRule = (docType: string) => ({
  docType,
  prefix: DEFAULT_BILL_PREFIX[docType] ?? docType.slice(0, 2).toUpperCase(),
  separator: '',
  datePattern: 'yyyyMMdd',
  serialLength: 4,
  startValue: 1,
});
