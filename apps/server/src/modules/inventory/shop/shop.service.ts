import type { Page } from '@tilth/contracts/common.types';
import type {
  InvShop,
  InvShopCreateBody,
  InvShopListQuery,
  InvShopUpdateBody,
} from '@tilth/contracts/inventory.base.types';
import { INVENTORY_PAGE_CODES } from '@tilth/contracts/inventory.base.types';
import { containsFilter } from '../../../platform/db/like.js';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { FARM_BASE, findBase } from '../../farm/area/index.js';
import { isTenantMember } from '../../identity/identity/index.js';
import { type ReferenceCheck, referencesTo } from '../reference/index.js';
import { findWarehouse } from '../store/index.js';
import { ShopErrors } from './shop.errors.js';
import {
  countShopsOfWarehouse,
  deleteShop,
  findShopView,
  insertShop,
  listShops,
  lockShop,
  type ShopValues,
  type ShopView,
  type ShopWrite,
  shopCodeTaken,
  updateShop,
} from './shop.repository.js';

export const SHOP_ACCESS = 'wfpf.inventory.base.shops' as const;

export const toShop = (r: ShopView): InvShop => ({
  id: r.id,
  shopCode: r.shopCode,
  shopName: r.shopName,
  address: r.address,
  managerId: r.managerId,
  managerName: r.managerName,
  phone: r.phone,
  warehouseId: r.warehouseId,
  warehouseName: r.warehouseName,
  areaId: r.areaId,
  areaName: r.areaName,
  remark: r.remark,
  enabledFlag: r.enabledFlag,
  objectVersionNumber: r.objectVersionNumber,
  creationDate: r.creationDate.toISOString(),
});

type Body = Omit<InvShopCreateBody, 'enabledFlag'>;
const valuesOf = (b: Body, enabledFlag: number): ShopValues => ({
  shopCode: b.shopCode,
  shopName: b.shopName,
  address: b.address ?? null,
  managerId: b.managerId ?? null,
  phone: b.phone ?? null,
  warehouseId: b.warehouseId ?? null,
  areaId: b.areaId ?? null,
  remark: b.remark ?? null,
  enabledFlag,
});

const written = (res: ShopWrite | undefined, v: ShopValues): number => {
  if (!res) throw CommonErrors.stale();
  if ('conflict' in res) throw ShopErrors.codeExists({ code: v.shopCode });
  return res.row.id;
};

/** '3 shops' / '3 个门店'. */
const shopsText = (lang: string, n: number): string =>
  lang === 'zh-CN' ? `${n} 个门店` : `${n} shop${n === 1 ? '' : 's'}`;

/** A warehouse a shop ships from may not be deleted (inventory/reference). */
export const shopsOfWarehouse: ReferenceCheck = async (ctx, warehouseId) => {
  const n = await countShopsOfWarehouse(ctx.db, ctx.tenantId, warehouseId);
  return n > 0 ? shopsText(ctx.lang, n) : null;
};

/** Shops (inventory/base/shops): a farm shop or sales point served from a warehouse. */
export class ShopService {
  async list(ctx: Ctx, q: InvShopListQuery): Promise<Page<InvShop>> {
    requireTenant(ctx);
    requireAccess(ctx, INVENTORY_PAGE_CODES);
    const w = pageWindow(q);
    const { rows, total } = await listShops(
      ctx.db,
      ctx.tenantId,
      {
        keyword: containsFilter(q.keyword),
        warehouseId: q.warehouseId,
        areaId: q.areaId,
        enabledFlag: q.enabledFlag,
      },
      w.limit,
      w.offset,
    );
    return pageAnswer(rows.map(toShop), total, q);
  }

  async get(ctx: Ctx, id: number): Promise<InvShop> {
    requireTenant(ctx);
    requireAccess(ctx, INVENTORY_PAGE_CODES);
    return toShop(await this.view(ctx, id));
  }

  async create(ctx: Ctx, body: InvShopCreateBody): Promise<InvShop> {
    requireTenant(ctx);
    requireAccess(ctx, SHOP_ACCESS);
    const v = valuesOf(body, body.enabledFlag ?? 1);
    await this.check(ctx, v);
    const id = written(await insertShop(ctx.db, ctx.tenantId, ctx.user.id, v), v);
    return toShop(await this.view(ctx, id));
  }

  async update(ctx: Ctx, id: number, body: InvShopUpdateBody): Promise<InvShop> {
    requireTenant(ctx);
    requireAccess(ctx, SHOP_ACCESS);
    const current = await this.view(ctx, id);
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    const v = valuesOf(body, body.enabledFlag ?? current.enabledFlag);
    await this.check(ctx, v, id);
    written(await updateShop(ctx.db, ctx.tenantId, id, body.objectVersionNumber, ctx.user.id, v), v);
    return toShop(await this.view(ctx, id));
  }

  async remove(ctx: Ctx, id: number, version: number | undefined): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, SHOP_ACCESS);
    const row = await lockShop(ctx.db, ctx.tenantId, id);
    if (!row) throw ShopErrors.notFound();
    if (version !== undefined && version !== row.objectVersionNumber) throw CommonErrors.stale();
    const what = await referencesTo(ctx, 'shop', id);
    if (what) throw ShopErrors.inUse({ name: row.shopName, what });
    await deleteShop(ctx.db, ctx.tenantId, id);
    return { success: true };
  }

  private async view(ctx: TenantCtx, id: number): Promise<ShopView> {
    const row = await findShopView(ctx.db, ctx.tenantId, id);
    if (!row) throw ShopErrors.notFound();
    return row;
  }

  private async check(ctx: TenantCtx, v: ShopValues, exceptId?: number): Promise<void> {
    if (v.managerId !== null && !(await isTenantMember(ctx.db, ctx.tenantId, v.managerId)))
      throw ShopErrors.managerNotFound();
    if (v.warehouseId !== null && !(await findWarehouse(ctx.db, ctx.tenantId, v.warehouseId)))
      throw ShopErrors.warehouseNotFound();
    if (v.areaId !== null) {
      const base = await findBase(ctx.db, ctx.tenantId, v.areaId);
      if (base?.organizationType !== FARM_BASE) throw ShopErrors.areaNotFound();
    }
    if (await shopCodeTaken(ctx.db, ctx.tenantId, v.shopCode, exceptId))
      throw ShopErrors.codeExists({ code: v.shopCode });
  }
}
