import type { Page } from '@tilth/contracts/common.types';
import type {
  InvBusiness,
  InvBusinessCategory,
  InvBusinessCreateBody,
  InvBusinessListQuery,
  InvBusinessUpdateBody,
} from '@tilth/contracts/inventory.base.types';
import { INVENTORY_PAGE_CODES } from '@tilth/contracts/inventory.base.types';
import { containsFilter } from '../../../platform/db/like.js';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { referencesTo } from '../reference/index.js';
import { BusinessErrors } from './business.errors.js';
import {
  type BusinessRow,
  type BusinessValues,
  type BusinessWrite,
  businessTaken,
  deleteBusiness,
  findBusiness,
  insertBusiness,
  listBusinesses,
  lockBusiness,
  updateBusiness,
} from './business.repository.js';

export const BUSINESS_ACCESS = 'wfpf.inventory.base.businesses' as const;

export const toBusiness = (r: BusinessRow): InvBusiness => ({
  id: r.id,
  businessCode: r.businessCode,
  businessName: r.businessName,
  category: r.category as InvBusinessCategory,
  bankName: r.bankName,
  bankAccount: r.bankAccount,
  taxNo: r.taxNo,
  contactName: r.contactName,
  contactPhone: r.contactPhone,
  address: r.address,
  remark: r.remark,
  enabledFlag: r.enabledFlag,
  objectVersionNumber: r.objectVersionNumber,
  creationDate: r.creationDate.toISOString(),
});

type Body = Omit<InvBusinessCreateBody, 'enabledFlag'>;
const valuesOf = (b: Body, enabledFlag: number): BusinessValues => ({
  businessCode: b.businessCode,
  businessName: b.businessName,
  category: b.category,
  bankName: b.bankName ?? null,
  bankAccount: b.bankAccount ?? null,
  taxNo: b.taxNo ?? null,
  contactName: b.contactName ?? null,
  contactPhone: b.contactPhone ?? null,
  address: b.address ?? null,
  remark: b.remark ?? null,
  enabledFlag,
});

const refuse = (field: 'code' | 'name', v: BusinessValues): never => {
  throw field === 'code'
    ? BusinessErrors.codeExists({ code: v.businessCode })
    : BusinessErrors.nameExists({ name: v.businessName });
};
const written = (res: BusinessWrite | undefined, v: BusinessValues): BusinessRow => {
  if (!res) throw CommonErrors.stale();
  if ('conflict' in res) return refuse(res.conflict, v);
  return res.row;
};

/** Counterparties (inventory/base/businesses): suppliers, customers or both. */
export class BusinessService {
  async list(ctx: Ctx, q: InvBusinessListQuery): Promise<Page<InvBusiness>> {
    requireTenant(ctx);
    requireAccess(ctx, INVENTORY_PAGE_CODES);
    const w = pageWindow(q);
    const { rows, total } = await listBusinesses(
      ctx.db,
      ctx.tenantId,
      { keyword: containsFilter(q.keyword), category: q.category, enabledFlag: q.enabledFlag },
      w.limit,
      w.offset,
    );
    return pageAnswer(rows.map(toBusiness), total, q);
  }

  async get(ctx: Ctx, id: number): Promise<InvBusiness> {
    requireTenant(ctx);
    requireAccess(ctx, INVENTORY_PAGE_CODES);
    const row = await findBusiness(ctx.db, ctx.tenantId, id);
    if (!row) throw BusinessErrors.notFound();
    return toBusiness(row);
  }

  async create(ctx: Ctx, body: InvBusinessCreateBody): Promise<InvBusiness> {
    requireTenant(ctx);
    requireAccess(ctx, BUSINESS_ACCESS);
    const v = valuesOf(body, body.enabledFlag ?? 1);
    await this.checkUnique(ctx, v);
    return toBusiness(written(await insertBusiness(ctx.db, ctx.tenantId, ctx.user.id, v), v));
  }

  async update(ctx: Ctx, id: number, body: InvBusinessUpdateBody): Promise<InvBusiness> {
    requireTenant(ctx);
    requireAccess(ctx, BUSINESS_ACCESS);
    const current = await findBusiness(ctx.db, ctx.tenantId, id);
    if (!current) throw BusinessErrors.notFound();
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    const v = valuesOf(body, body.enabledFlag ?? current.enabledFlag);
    await this.checkUnique(ctx, v, id);
    const res = await updateBusiness(ctx.db, ctx.tenantId, id, body.objectVersionNumber, ctx.user.id, v);
    return toBusiness(written(res, v));
  }

  /** Refused while a document names the counterparty (inventory/reference): disable it instead. */
  async remove(ctx: Ctx, id: number, version: number | undefined): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, BUSINESS_ACCESS);
    const row = await lockBusiness(ctx.db, ctx.tenantId, id);
    if (!row) throw BusinessErrors.notFound();
    if (version !== undefined && version !== row.objectVersionNumber) throw CommonErrors.stale();
    const what = await referencesTo(ctx, 'business', id);
    if (what) throw BusinessErrors.inUse({ name: row.businessName, what });
    await deleteBusiness(ctx.db, ctx.tenantId, id);
    return { success: true };
  }

  private async checkUnique(ctx: TenantCtx, v: BusinessValues, exceptId?: number): Promise<void> {
    const taken = await businessTaken(ctx.db, ctx.tenantId, v, exceptId);
    if (taken) refuse(taken, v);
  }
}
