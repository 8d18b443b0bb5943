import type { Page } from '@tilth/contracts/common.types';
import type {
  InvUnit,
  InvUnitCreateBody,
  InvUnitListQuery,
  InvUnitUpdateBody,
} from '@tilth/contracts/inventory.base.types';
import { INVENTORY_PAGE_CODES } from '@tilth/contracts/inventory.base.types';
import { containsFilter } from '../../../platform/db/like.js';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { referencesTo } from '../reference/index.js';
import { UnitErrors } from './unit.errors.js';
import {
  deleteUnit,
  findUnit,
  insertUnit,
  listUnits,
  lockUnit,
  type UnitRow,
  type UnitValues,
  type UnitWrite,
  unitTaken,
  updateUnit,
} from './unit.repository.js';

export const UNIT_ACCESS = 'wfpf.inventory.base.unit' as const;

export const toUnit = (r: UnitRow): InvUnit => ({
  id: r.id,
  unitName: r.unitName,
  unitCode: r.unitCode,
  remark: r.remark,
  enabledFlag: r.enabledFlag,
  objectVersionNumber: r.objectVersionNumber,
  creationDate: r.creationDate.toISOString(),
});

type Body = Omit<InvUnitCreateBody, 'enabledFlag'> & { enabledFlag?: 0 | 1 | undefined };
const valuesOf = (b: Body, enabledFlag: number): UnitValues => ({
  unitName: b.unitName,
  unitCode: b.unitCode,
  remark: b.remark ?? null,
  enabledFlag,
});

const refuse = (field: 'code' | 'name', v: UnitValues): never => {
  throw field === 'code'
    ? UnitErrors.codeExists({ code: v.unitCode })
    : UnitErrors.nameExists({ name: v.unitName });
};
const written = (res: UnitWrite | undefined, v: UnitValues): UnitRow => {
  if (!res) throw CommonErrors.stale();
  if ('conflict' in res) return refuse(res.conflict, v);
  return res.row;
};

/** Units of measure (inventory/base/unit); every inventory page reads them for its pickers. */
export class UnitService {
  async list(ctx: Ctx, q: InvUnitListQuery): Promise<Page<InvUnit>> {
    requireTenant(ctx);
    requireAccess(ctx, INVENTORY_PAGE_CODES);
    const w = pageWindow(q);
    const { rows, total } = await listUnits(
      ctx.db,
      ctx.tenantId,
      { unitName: containsFilter(q.unitName), enabledFlag: q.enabledFlag },
      w.limit,
      w.offset,
    );
    return pageAnswer(rows.map(toUnit), total, q);
  }

  async get(ctx: Ctx, id: number): Promise<InvUnit> {
    requireTenant(ctx);
    requireAccess(ctx, INVENTORY_PAGE_CODES);
    const row = await findUnit(ctx.db, ctx.tenantId, id);
    if (!row) throw UnitErrors.notFound();
    return toUnit(row);
  }

  async create(ctx: Ctx, body: InvUnitCreateBody): Promise<InvUnit> {
    requireTenant(ctx);
    requireAccess(ctx, UNIT_ACCESS);
    const v = valuesOf(body, body.enabledFlag ?? 1);
    await this.checkUnique(ctx, v);
    return toUnit(written(await insertUnit(ctx.db, ctx.tenantId, ctx.user.id, v), v));
  }

  async update(ctx: Ctx, id: number, body: InvUnitUpdateBody): Promise<InvUnit> {
    requireTenant(ctx);
    requireAccess(ctx, UNIT_ACCESS);
    const current = await findUnit(ctx.db, ctx.tenantId, id);
    if (!current) throw UnitErrors.notFound();
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    const v = valuesOf(body, body.enabledFlag ?? current.enabledFlag);
    await this.checkUnique(ctx, v, id);
    const res = await updateUnit(ctx.db, ctx.tenantId, id, body.objectVersionNumber, ctx.user.id, v);
    return toUnit(written(res, v));
  }

  /** Refused while a product names the unit (inventory/reference): disable it instead. */
  async remove(ctx: Ctx, id: number, version: number | undefined): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, UNIT_ACCESS);
    const row = await lockUnit(ctx.db, ctx.tenantId, id);
    if (!row) throw UnitErrors.notFound();
    if (version !== undefined && version !== row.objectVersionNumber) throw CommonErrors.stale();
    const what = await referencesTo(ctx, 'unit', id);
    if (what) throw UnitErrors.inUse({ name: row.unitName, what });
    await deleteUnit(ctx.db, ctx.tenantId, id);
    return { success: true };
  }

  private async checkUnique(ctx: TenantCtx, v: UnitValues, exceptId?: number): Promise<void> {
    const taken = await unitTaken(ctx.db, ctx.tenantId, v, exceptId);
    if (taken) refuse(taken, v);
  }
}
