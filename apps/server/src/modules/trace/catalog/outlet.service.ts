import type { Page } from '@tilth/contracts/common.types';
import type {
  TraceOutlet,
  TraceOutletListQuery,
  TraceOutletUpdateBody,
  TraceOutletValues,
} from '@tilth/contracts/trace-catalog.types';
import { containsFilter } from '../../../platform/db/like.js';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import type { Written } from '../../../platform/db/writes.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { CATALOG_ACCESS, OUTLET_READ } from './catalog.access.js';
import { CatalogErrors } from './catalog.errors.js';
import { requireHttps, requireOwnFiles } from './catalog.rules.js';
import {
  deleteOutlet,
  findOutlet,
  insertOutlet,
  listOutlets,
  type OutletRow,
  type OutletValues,
  updateOutlet,
} from './outlet.repository.js';

export const toOutlet = (r: OutletRow): TraceOutlet => ({
  outletId: r.id,
  kind: r.kind as TraceOutlet['kind'],
  outletName: r.outletName,
  platform: r.platform,
  url: r.url,
  address: r.address,
  location: r.location,
  contactName: r.contactName,
  phone: r.phone,
  openingHours: r.openingHours,
  imageUrl: r.imageUrl,
  enabledFlag: r.enabledFlag === 0 ? 0 : 1,
  objectVersionNumber: r.objectVersionNumber,
  creationDate: r.creationDate.toISOString(),
  lastUpdateDate: r.lastUpdateDate.toISOString(),
});

type OutletWrite = Omit<TraceOutletValues, 'kind'>;

/** Shops (trace/base/store) and online stores (trace/base/onlineStore) that sell traced products. */
export class TraceOutletService {
  async list(ctx: Ctx, q: TraceOutletListQuery): Promise<Page<TraceOutlet>> {
    requireTenant(ctx);
    requireAccess(ctx, OUTLET_READ);
    const w = pageWindow(q);
    const { rows, total } = await listOutlets(
      ctx.db,
      ctx.tenantId,
      { kind: q.kind, outletName: containsFilter(q.outletName), enabledFlag: q.enabledFlag },
      w.limit,
      w.offset,
    );
    return pageAnswer(rows.map(toOutlet), total, q);
  }

  async create(ctx: Ctx, body: TraceOutletValues): Promise<TraceOutlet> {
    requireTenant(ctx);
    requireAccess(ctx, CATALOG_ACCESS.baseEdit);
    const v = await this.check(ctx, body.kind, body);
    return toOutlet(
      this.written(await insertOutlet(ctx.db, ctx.tenantId, ctx.user.id, { kind: body.kind, ...v })),
    );
  }

  async update(ctx: Ctx, body: TraceOutletUpdateBody): Promise<TraceOutlet> {
    requireTenant(ctx);
    requireAccess(ctx, CATALOG_ACCESS.baseEdit);
    const current = await findOutlet(ctx.db, ctx.tenantId, body.outletId);
    if (!current) throw CatalogErrors.outletMissing();
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    const v = await this.check(ctx, current.kind, body);
    return toOutlet(
      this.written(
        await updateOutlet(ctx.db, ctx.tenantId, current.id, body.objectVersionNumber, ctx.user.id, v),
      ),
    );
  }

  /** Deletes the outlet; products that listed it no longer do. */
  async remove(ctx: Ctx, id: number, version: number | undefined): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, CATALOG_ACCESS.baseEdit);
    const current = await findOutlet(ctx.db, ctx.tenantId, id);
    if (!current) throw CatalogErrors.outletMissing();
    if (version !== undefined && version !== current.objectVersionNumber) throw CommonErrors.stale();
    await deleteOutlet(ctx.db, ctx.tenantId, id);
    return { success: true };
  }

  private written(w: Written<OutletRow, 'name'> | undefined): OutletRow {
    if (!w) throw CommonErrors.stale();
    if ('conflict' in w) throw CatalogErrors.outletNameTaken();
    return w.row;
  }

  /** An online store names its platform and an https address; a shop its address. */
  private async check(ctx: TenantCtx, kind: string, b: OutletWrite): Promise<Omit<OutletValues, 'kind'>> {
    if (kind === 'online') {
      if (!b.platform) throw CatalogErrors.platformRequired();
      if (!b.url) throw CatalogErrors.urlHttps({ field: 'url' });
      requireHttps(b.url, 'url');
    } else if (!b.address) throw CatalogErrors.addressRequired();
    await requireOwnFiles(ctx, [b.imageUrl], 'imageUrl');
    const online = kind === 'online';
    return {
      outletName: b.outletName,
      platform: online ? (b.platform ?? null) : null,
      url: online ? (b.url ?? null) : null,
      address: b.address ?? null,
      location: b.location?.replace(/\s/g, '') ?? null,
      contactName: b.contactName ?? null,
      phone: b.phone ?? null,
      openingHours: b.openingHours ?? null,
      imageUrl: b.imageUrl ?? null,
      enabledFlag: b.enabledFlag,
    };
  }
}
