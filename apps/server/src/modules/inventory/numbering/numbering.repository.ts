import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { rowsOf } from '../../../platform/db/rows.js';
import { bump } from '../../../platform/db/writes.js';
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
 * back, so they never skip. The serial restarts at the rule's start value in each new period of the date;
 * a start value raised mid-period takes effect at once, and one lowered never re-issues a number.
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
      do update set last_value = greatest(inv_bill_counters.last_value + 1, ${rule.startValue})
      returning last_value`),
  );
  return formatNumber(rule, period, Number(row?.last_value ?? rule.startValue));
};

export type BillRuleRow = typeof invBillRules.$inferSelect;
export interface BillRuleValues {
  prefix: string;
  separator: string;
  datePattern: string;
  serialLength: number;
  startValue: number;
  enabledFlag: number;
}

/** Every rule the tenant set up (base/bill lists them next to the defaults of the other types). */
export const listBillRules = async (db: Db, tenantId: number): Promise<BillRuleRow[]> =>
  db.select().from(invBillRules).where(eq(invBillRules.tenantId, tenantId));

/** The last serial issued for a type in a period, or undefined when none was (the preview's peek). */
export const lastSerial = async (
  db: Db,
  tenantId: number,
  docType: string,
  period: string,
): Promise<number | undefined> => {
  const [row] = rowsOf<{ last_value: string | number }>(
    await db.execute(sql`
      select last_value from inv_bill_counters
      where tenant_id = ${tenantId} and doc_type = ${docType} and period = ${period}`),
  );
  return row ? Number(row.last_value) : undefined;
};

export const insertBillRule = async (
  db: Db,
  tenantId: number,
  userId: number,
  docType: string,
  v: BillRuleValues,
): Promise<BillRuleRow | undefined> => {
  const [r] = await db
    .insert(invBillRules)
    .values({ tenantId, docType, ...v, createdBy: userId, lastUpdatedBy: userId })
    .onConflictDoNothing()
    .returning();
  return r;
};

/** Optimistic update: undefined when the type's rule has another version. */
export const updateBillRule = async (
  db: Db,
  tenantId: number,
  docType: string,
  version: number,
  userId: number,
  v: BillRuleValues,
): Promise<BillRuleRow | undefined> => {
  const [r] = await db
    .update(invBillRules)
    .set({ ...v, ...bump(userId, invBillRules.objectVersionNumber) })
    .where(
      and(
        eq(invBillRules.tenantId, tenantId),
        eq(invBillRules.docType, docType),
        eq(invBillRules.objectVersionNumber, version),
      ),
    )
    .returning();
  return r;
};

export const deleteBillRule = async (db: Db, tenantId: number, docType: string): Promise<void> => {
  await db
    .delete(invBillRules)
    .where(and(eq(invBillRules.tenantId, tenantId), eq(invBillRules.docType, docType)));
};
