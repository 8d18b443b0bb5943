import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { invOptions } from '../option/index.js';

/** What the reports need of config/option; the table's defaults when the tenant has no row yet. */
export interface ReportOptions {
  quantityDecimals: number;
  expiryWarnDays: number;
}

export const REPORT_OPTION_DEFAULTS: ReportOptions = { quantityDecimals: 2, expiryWarnDays: 30 };

export const readReportOptions = async (db: Db, tenantId: number): Promise<ReportOptions> => {
  const [row] = await db
    .select({ quantityDecimals: invOptions.quantityDecimals, expiryWarnDays: invOptions.expiryWarnDays })
    .from(invOptions)
    .where(eq(invOptions.tenantId, tenantId));
  return row ?? REPORT_OPTION_DEFAULTS;
};
