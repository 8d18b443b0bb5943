import {
  INV_BILL_DOC_TYPES,
  INVENTORY_PAGE_CODES,
  type InvBillDocType,
  type InvBillRule,
  type InvBillUpdateBody,
} from '@tilth/contracts/inventory.base.types';
import { APPROVAL_DOC_TYPE_DEFS, type ApprovalDocTypeDef } from '@tilth/contracts/workflow.docs';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { today } from '../../../platform/time/zone.js';
import { NumberingErrors } from './numbering.errors.js';
import { formatNumber, periodOf } from './numbering.format.js';
import { defaultBillRule } from './numbering.next.js';
import {
  type BillRuleRow,
  deleteBillRule,
  insertBillRule,
  lastSerial,
  listBillRules,
  updateBillRule,
} from './numbering.repository.js';

export const BILL_ACCESS = 'wfpf.inventory.base.bill' as const;

type RuleShape = Omit<ReturnType<typeof defaultBillRule>, 'docType'>;

/** The name of a document type in the caller's language (workflow.docs names the inv_* approval types). */
const typeName = (ctx: Ctx, docType: string): string => {
  const defs: Record<string, ApprovalDocTypeDef | undefined> = APPROVAL_DOC_TYPE_DEFS;
  const name = defs[`inv_${docType}`]?.name;
  if (!name) return docType;
  return ctx.lang === 'zh-CN' ? name['zh-CN'] : name['en-US'];
};

/** The rule a type numbers by now: its enabled rule, else the built-in default. */
const effective = (docType: string, row: BillRuleRow | undefined): RuleShape =>
  row && row.enabledFlag === 1 ? row : defaultBillRule(docType);

/** Document numbering (inventory/base/bill): one rule per document type, or the built-in default. */
export class NumberingService {
  async list(ctx: Ctx): Promise<InvBillRule[]> {
    requireTenant(ctx);
    requireAccess(ctx, INVENTORY_PAGE_CODES);
    const rows = await listBillRules(ctx.db, ctx.tenantId);
    const date = today(ctx.timeZone);
    const out: InvBillRule[] = [];
    for (const docType of INV_BILL_DOC_TYPES) {
      const row = rows.find((r) => r.docType === docType);
      const shown = row ?? defaultBillRule(docType);
      out.push({
        docType,
        configured: row !== undefined,
        id: row?.id ?? null,
        prefix: shown.prefix,
        separator: shown.separator,
        datePattern: shown.datePattern,
        serialLength: shown.serialLength,
        startValue: shown.startValue,
        enabledFlag: row?.enabledFlag ?? 1,
        sample: await this.peek(ctx, docType, effective(docType, row), date),
        objectVersionNumber: row?.objectVersionNumber ?? null,
      });
    }
    return out;
  }

  /** Sets up (or changes) a type's rule; serials already issued are never issued again. */
  async save(ctx: Ctx, docType: InvBillDocType, body: InvBillUpdateBody): Promise<InvBillRule> {
    requireTenant(ctx);
    requireAccess(ctx, BILL_ACCESS);
    const rows = await listBillRules(ctx.db, ctx.tenantId);
    // A prefix may name one type only: another type's rule, or its default while it has none.
    for (const other of INV_BILL_DOC_TYPES) {
      if (other === docType) continue;
      const prefix = rows.find((r) => r.docType === other)?.prefix ?? defaultBillRule(other).prefix;
      if (prefix.toUpperCase() === body.prefix.toUpperCase())
        throw NumberingErrors.prefixExists({ prefix: body.prefix, docType: typeName(ctx, other) });
    }
    const v = {
      prefix: body.prefix,
      separator: body.separator,
      datePattern: body.datePattern,
      serialLength: body.serialLength,
      startValue: body.startValue,
      enabledFlag: body.enabledFlag ?? 1,
    };
    const current = rows.find((r) => r.docType === docType);
    const version = body.objectVersionNumber ?? undefined;
    if (current) {
      if (version === undefined) throw NumberingErrors.versionRequired();
      if (version !== current.objectVersionNumber) throw CommonErrors.stale();
      if (!(await updateBillRule(ctx.db, ctx.tenantId, docType, version, ctx.user.id, v)))
        throw CommonErrors.stale();
    } else {
      // Someone set it up meanwhile: the client's view is stale.
      if (version !== undefined) throw CommonErrors.stale();
      if (!(await insertBillRule(ctx.db, ctx.tenantId, ctx.user.id, docType, v))) throw CommonErrors.stale();
    }
    const list = await this.list(ctx);
    return list.find((r) => r.docType === docType) as InvBillRule;
  }

  /** Back to the built-in default; the counters stay, so no number is issued twice. */
  async reset(ctx: Ctx, docType: InvBillDocType, version: number | undefined): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, BILL_ACCESS);
    const current = (await listBillRules(ctx.db, ctx.tenantId)).find((r) => r.docType === docType);
    if (current && version !== undefined && version !== current.objectVersionNumber)
      throw CommonErrors.stale();
    await deleteBillRule(ctx.db, ctx.tenantId, docType);
    return { success: true };
  }

  /** The number a document of the type dated docDate would get now (nothing is taken). */
  async preview(ctx: Ctx, docType: InvBillDocType, docDate: string): Promise<{ docCode: string }> {
    requireTenant(ctx);
    requireAccess(ctx, INVENTORY_PAGE_CODES);
    const row = (await listBillRules(ctx.db, ctx.tenantId)).find((r) => r.docType === docType);
    return { docCode: await this.peek(ctx, docType, effective(docType, row), docDate) };
  }

  private async peek(ctx: TenantCtx, docType: string, rule: RuleShape, docDate: string): Promise<string> {
    const period = periodOf(rule.datePattern, docDate);
    const last = await lastSerial(ctx.db, ctx.tenantId, docType, period);
    const next = last === undefined ? rule.startValue : Math.max(last + 1, rule.startValue);
    return formatNumber(rule, period, next);
  }
}
