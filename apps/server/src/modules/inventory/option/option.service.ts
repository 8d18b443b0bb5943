import type { InvOptions, InvOptionsUpdateBody } from '@tilth/contracts/inventory.base.types';
import { INVENTORY_PAGE_CODES } from '@tilth/contracts/inventory.base.types';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import type { ReferenceCheck } from '../reference/index.js';
import { findWarehouse } from '../store/index.js';
import { OptionErrors } from './option.errors.js';
import {
  getInventoryOptions,
  insertOptions,
  type OptionValues,
  optionsNameWarehouse,
  updateOptions,
} from './option.repository.js';

export const OPTION_ACCESS = 'wfpf.inventory.config.option' as const;

/** The default warehouse of the options may not be deleted (inventory/reference). */
export const optionsOfWarehouse: ReferenceCheck = async (ctx, warehouseId) =>
  (await optionsNameWarehouse(ctx.db, ctx.tenantId, warehouseId))
    ? ctx.lang === 'zh-CN'
      ? '选项设置的默认仓库'
      : 'the default warehouse of the options'
    : null;

/** The tenant's inventory options (inventory/config/option); every inventory page reads them. */
export class OptionService {
  async get(ctx: Ctx): Promise<InvOptions> {
    requireTenant(ctx);
    requireAccess(ctx, INVENTORY_PAGE_CODES);
    return this.read(ctx);
  }

  async update(ctx: Ctx, body: InvOptionsUpdateBody): Promise<InvOptions> {
    requireTenant(ctx);
    requireAccess(ctx, OPTION_ACCESS);
    const current = await getInventoryOptions(ctx.db, ctx.tenantId);
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    if (body.defaultWarehouseId !== null) {
      const w = await findWarehouse(ctx.db, ctx.tenantId, body.defaultWarehouseId);
      // An unchanged default stays even if it was disabled since; a new one must be in use.
      if (!w || (w.enabledFlag !== 1 && w.id !== current.defaultWarehouseId))
        throw OptionErrors.warehouseNotFound();
    }
    const v: OptionValues = {
      defaultWarehouseId: body.defaultWarehouseId,
      costMethod: body.costMethod ?? 'moving_average',
      shortagePolicy: body.shortagePolicy,
      quantityDecimals: body.quantityDecimals,
      expiryWarnDays: body.expiryWarnDays,
    };
    const saved =
      current.objectVersionNumber === 0
        ? await insertOptions(ctx.db, ctx.tenantId, ctx.user.id, v)
        : await updateOptions(ctx.db, ctx.tenantId, body.objectVersionNumber, ctx.user.id, v);
    if (!saved) throw CommonErrors.stale();
    return this.read(ctx);
  }

  private async read(ctx: TenantCtx): Promise<InvOptions> {
    const o = await getInventoryOptions(ctx.db, ctx.tenantId);
    const w =
      o.defaultWarehouseId === null
        ? undefined
        : await findWarehouse(ctx.db, ctx.tenantId, o.defaultWarehouseId);
    return {
      defaultWarehouseId: o.defaultWarehouseId,
      defaultWarehouseName: w?.warehouseName ?? null,
      costMethod: 'moving_average',
      shortagePolicy: o.shortagePolicy === 'warn' ? 'warn' : 'block',
      quantityDecimals: o.quantityDecimals,
      expiryWarnDays: o.expiryWarnDays,
      objectVersionNumber: o.objectVersionNumber,
    };
  }
}
