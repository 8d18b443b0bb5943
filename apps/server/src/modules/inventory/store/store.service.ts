import type { Page } from '@tilth/contracts/common.types';
import type {
  InvWarehouse,
  InvWarehouseCreateBody,
  InvWarehouseListQuery,
  InvWarehouseUpdateBody,
} from '@tilth/contracts/inventory.base.types';
import { INVENTORY_PAGE_CODES } from '@tilth/contracts/inventory.base.types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import { containsFilter } from '../../../platform/db/like.js';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { num, numText } from '../../../platform/decimal.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { FARM_BASE, findBase } from '../../farm/area/index.js';
import { isTenantMember } from '../../identity/identity/index.js';
import { referencesTo } from '../reference/index.js';
import { StoreErrors } from './store.errors.js';
import {
  deleteWarehouse,
  findWarehouseView,
  insertWarehouse,
  listWarehouses,
  lockWarehouse,
  updateWarehouse,
  type WarehouseRow,
  type WarehouseValues,
  type WarehouseView,
  type WarehouseWrite,
  warehouseHoldsStock,
  warehouseTaken,
} from './store.repository.js';

/** base/store and its company-level view /system/storeManager edit the same warehouses. */
export const STORE_ACCESS = [
  'wfpf.inventory.base.store',
  'wfpf.company.system.storeManager',
] as const satisfies readonly PermissionCode[];

const level = (s: string | null): number | null => (s === null ? null : num(s));

export const toWarehouse = (r: WarehouseView): InvWarehouse => ({
  id: r.id,
  warehouseCode: r.warehouseCode,
  warehouseName: r.warehouseName,
  address: r.address,
  managerId: r.managerId,
  managerName: r.managerName,
  allowNegative: r.allowNegative,
  minStock: level(r.minStock),
  maxStock: level(r.maxStock),
  initialStock: level(r.initialStock),
  areaId: r.areaId,
  areaName: r.areaName,
  remark: r.remark,
  enabledFlag: r.enabledFlag,
  objectVersionNumber: r.objectVersionNumber,
  creationDate: r.creationDate.toISOString(),
});

type Body = Omit<InvWarehouseCreateBody, 'enabledFlag' | 'allowNegative'> & {
  enabledFlag?: 0 | 1 | undefined;
  allowNegative?: 0 | 1 | undefined;
};
const levelText = (n: number | null | undefined): string | null =>
  n === undefined || n === null ? null : numText(n, 4);
const valuesOf = (b: Body, enabledFlag: number): WarehouseValues => ({
  warehouseCode: b.warehouseCode,
  warehouseName: b.warehouseName,
  address: b.address ?? null,
  managerId: b.managerId ?? null,
  allowNegative: b.allowNegative ?? 0,
  minStock: levelText(b.minStock),
  maxStock: levelText(b.maxStock),
  initialStock: levelText(b.initialStock),
  areaId: b.areaId ?? null,
  remark: b.remark ?? null,
  enabledFlag,
});

const refuse = (field: 'code' | 'name', v: WarehouseValues): never => {
  throw field === 'code'
    ? StoreErrors.codeExists({ code: v.warehouseCode })
    : StoreErrors.nameExists({ name: v.warehouseName });
};
const written = (res: WarehouseWrite | undefined, v: WarehouseValues): WarehouseRow => {
  if (!res) throw CommonErrors.stale();
  if ('conflict' in res) return refuse(res.conflict, v);
  return res.row;
};

/** Warehouses (inventory/base/store, /system/storeManager); one with a base is in that base's data scope. */
export class StoreService {
  async list(ctx: Ctx, q: InvWarehouseListQuery): Promise<Page<InvWarehouse>> {
    requireTenant(ctx);
    requireAccess(ctx, INVENTORY_PAGE_CODES);
    const w = pageWindow(q);
    const { rows, total } = await listWarehouses(
      ctx.db,
      ctx.tenantId,
      {
        warehouseName: containsFilter(q.warehouseName),
        warehouseCode: containsFilter(q.warehouseCode),
        areaId: q.areaId,
        enabledFlag: q.enabledFlag,
      },
      w.limit,
      w.offset,
    );
    return pageAnswer(rows.map(toWarehouse), total, q);
  }

  async get(ctx: Ctx, id: number): Promise<InvWarehouse> {
    requireTenant(ctx);
    requireAccess(ctx, INVENTORY_PAGE_CODES);
    return toWarehouse(await this.view(ctx, id));
  }

  async create(ctx: Ctx, body: InvWarehouseCreateBody): Promise<InvWarehouse> {
    requireTenant(ctx);
    requireAccess(ctx, STORE_ACCESS);
    const v = valuesOf(body, body.enabledFlag ?? 1);
    await this.check(ctx, v);
    const row = written(await insertWarehouse(ctx.db, ctx.tenantId, ctx.user.id, v), v);
    return toWarehouse(await this.view(ctx, row.id));
  }

  async update(ctx: Ctx, id: number, body: InvWarehouseUpdateBody): Promise<InvWarehouse> {
    requireTenant(ctx);
    requireAccess(ctx, STORE_ACCESS);
    const current = await this.view(ctx, id);
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    const v = valuesOf(body, body.enabledFlag ?? current.enabledFlag);
    await this.check(ctx, v, id);
    written(await updateWarehouse(ctx.db, ctx.tenantId, id, body.objectVersionNumber, ctx.user.id, v), v);
    return toWarehouse(await this.view(ctx, id));
  }

  /** Refused while it holds stock or a shop, document or the options name it: disable it instead. */
  async remove(ctx: Ctx, id: number, version: number | undefined): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, STORE_ACCESS);
    const row = await lockWarehouse(ctx.db, ctx.tenantId, id);
    if (!row) throw StoreErrors.notFound();
    if (version !== undefined && version !== row.objectVersionNumber) throw CommonErrors.stale();
    if (await warehouseHoldsStock(ctx.db, ctx.tenantId, id))
      throw StoreErrors.holdsStock({ name: row.warehouseName });
    const what = await referencesTo(ctx, 'warehouse', id);
    if (what) throw StoreErrors.inUse({ name: row.warehouseName, what });
    await deleteWarehouse(ctx.db, ctx.tenantId, id);
    return { success: true };
  }

  private async view(ctx: TenantCtx, id: number): Promise<WarehouseView> {
    const row = await findWarehouseView(ctx.db, ctx.tenantId, id);
    if (!row) throw StoreErrors.notFound();
    return row;
  }

  private async check(ctx: TenantCtx, v: WarehouseValues, exceptId?: number): Promise<void> {
    if (v.managerId !== null && !(await isTenantMember(ctx.db, ctx.tenantId, v.managerId)))
      throw StoreErrors.managerNotFound();
    if (v.areaId !== null) {
      const base = await findBase(ctx.db, ctx.tenantId, v.areaId);
      if (base?.organizationType !== FARM_BASE) throw StoreErrors.areaNotFound();
    }
    const taken = await warehouseTaken(ctx.db, ctx.tenantId, v, exceptId);
    if (taken) refuse(taken, v);
  }
}
