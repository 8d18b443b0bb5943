import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { rowsOf } from '../../../platform/db/rows.js';
import { formatNumber, periodOf } from './numbering.format.js';
import { invBillRules } from './numbering.tables.js';

/** The numbering rule of a document type, or undefined when none is set up (or it is disabled). */
export const findBillRule = async (db: Db, tenantId: number, docType: string) => {
  const [row] = await db
    .select()
    .from(invBillRules)
    .where(and(eq(invBillRules.tenantId, tenantId), eq(invBillRules.docType, docType)));
  return row;
};

/**
 * Takes the next number of a document type for a document date, in the caller's transaction: one upsert
 * whose row lock serialises concurrent creations, so numbers never repeat, and a rollback gives the number
 * back, so they never skip. The serial restarts at the rule's start value in each new period of the date.
 */
export const takeNumber = async (
  db: Db,
  tenantId: number,
  rule: {
    docType: string;
    prefix: string;
    separator: string;
    datePattern: string;
    serialLength: number;
    startValue: number;
  },
  docDate: string,
): Promise<string> => {
  const period = periodOf(rule.datePattern, docDate);
  const [row] = rowsOf<{ last_value: string | number }>(
    await db.execute(sql`
      insert into inv_bill_counters (tenant_id, doc_type, period, last_value)
      values (${tenantId}, ${rule.docType}, ${period}, ${rule.startValue})
      on conflict (tenant_id, doc_type, period)
      do update set last_value = inv_bill_counters.last_value + 1
      returning last_value`),
  );
  return formatNumber(rule, period, Number(row?.last_value ?? rule.startValue));
};
