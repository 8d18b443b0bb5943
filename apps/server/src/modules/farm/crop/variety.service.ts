import type { Page } from '@tilth/contracts/common.types';
import type {
  Crop,
  Variety,
  VarietyCreateBody,
  VarietyPageQuery,
  VarietyUpdateBody,
} from '@tilth/contracts/crop.types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import { flagOf } from '../../../platform/db/columns.js';
import { containsFilter } from '../../../platform/db/like.js';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { recordAudit } from '../../identity/audit/index.js';
import { VarietyErrors } from './crop.errors.js';
import { type CropRow, countBatchesUsing, findCrop, lockCatalogue, type Written } from './crop.repository.js';
import { toCrop } from './crop.service.js';
import {
  deleteVariety,
  findVariety,
  findVarietyClash,
  findVarietyView,
  insertVariety,
  listVarieties,
  updateVariety,
  type VarietyClash,
  type VarietyRow,
  type VarietyValues,
  type VarietyViewRow,
} from './variety.repository.js';

/** Access of the variety calls; reading is open to every member (batch form, plans). */
export const VARIETY_ACCESS = {
  read: 'authenticated',
  create: 'wfpf.company.system.varieties.ps.create',
  edit: 'wfpf.company.system.varieties.ps.edit',
  delete: 'wfpf.company.system.varieties.ps.delete',
} as const satisfies Record<string, 'authenticated' | PermissionCode>;

type CropNames = Pick<VarietyViewRow, 'cropName' | 'cropEnName'>;

export const toVariety = (r: VarietyRow, c: CropNames): Variety => ({
  varietyId: r.id,
  cropId: r.cropId,
  cropName: c.cropName,
  cropEnName: c.cropEnName,
  varietyName: r.varietyName,
  varietyCode: r.varietyCode,
  growthDays: r.growthDays,
  imageUrl: r.imageUrl,
  description: r.description,
  enabledFlag: flagOf(r.enabledFlag),
  objectVersionNumber: r.objectVersionNumber,
  creationDate: r.creationDate.toISOString(),
});

const clashError = (
  kind: VarietyClash,
  crop: CropRow,
  v: { varietyName: string; varietyCode: string | null },
) =>
  kind === 'name'
    ? VarietyErrors.nameExists({ crop: crop.cropName, name: v.varietyName })
    : VarietyErrors.codeExists({ code: v.varietyCode ?? '' });

/** Varieties of the tenant's crops: system `varieties` page and its info/{id} child (spec 01 §2.6). */
export class VarietyService {
  async page(ctx: Ctx, q: VarietyPageQuery): Promise<Page<Variety>> {
    requireAccess(ctx, VARIETY_ACCESS.read);
    requireTenant(ctx);
    const { limit, offset } = pageWindow(q);
    const filter = {
      cropId: q.cropId,
      varietyName: containsFilter(q.varietyName),
      enabledFlag: q.enabledFlag,
    };
    const { rows, total } = await listVarieties(ctx.db, ctx.tenantId, filter, limit, offset);
    return pageAnswer(
      rows.map((r) => toVariety(r, r)),
      total,
      q,
    );
  }

  /** One variety with its crop's names (the varieties/info page). */
  async get(ctx: Ctx, id: number): Promise<Variety> {
    requireAccess(ctx, VARIETY_ACCESS.read);
    requireTenant(ctx);
    const row = await findVarietyView(ctx.db, ctx.tenantId, id);
    if (!row) throw VarietyErrors.notFound();
    return toVariety(row, row);
  }

  async create(ctx: Ctx, body: VarietyCreateBody): Promise<Variety> {
    requireAccess(ctx, VARIETY_ACCESS.create);
    requireTenant(ctx);
    await lockCatalogue(ctx.db, ctx.tenantId, 'varieties');
    const crop = await this.lockCrop(ctx, body.cropId);
    const values: VarietyValues = {
      cropId: crop.id,
      varietyName: body.varietyName,
      varietyCode: body.varietyCode ?? null,
      growthDays: body.growthDays ?? null,
      imageUrl: body.imageUrl ?? null,
      description: body.description ?? null,
      enabledFlag: body.enabledFlag,
    };
    const clash = await findVarietyClash(ctx.db, ctx.tenantId, values);
    if (clash) throw clashError(clash, crop, values);
    const row = written(await insertVariety(ctx.db, ctx.tenantId, ctx.user.id, values), crop, values);
    return toVariety(row, crop);
  }

  async update(ctx: Ctx, body: VarietyUpdateBody): Promise<Variety> {
    requireAccess(ctx, VARIETY_ACCESS.edit);
    requireTenant(ctx);
    await lockCatalogue(ctx.db, ctx.tenantId, 'varieties');
    const current = await findVariety(ctx.db, ctx.tenantId, body.varietyId, 'update');
    if (!current) throw VarietyErrors.notFound();
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    const crop = await this.lockCrop(ctx, body.cropId ?? current.cropId);
    if (crop.id !== current.cropId) {
      const usedBy = await countBatchesUsing(ctx.db, ctx.tenantId, { varietyId: current.id });
      if (usedBy > 0) throw VarietyErrors.usedByBatch({ name: current.varietyName, count: usedBy });
    }
    const changes: Partial<VarietyValues> = { cropId: crop.id, varietyName: body.varietyName };
    if (body.varietyCode !== undefined) changes.varietyCode = body.varietyCode;
    if (body.growthDays !== undefined) changes.growthDays = body.growthDays;
    if (body.imageUrl !== undefined) changes.imageUrl = body.imageUrl;
    if (body.description !== undefined) changes.description = body.description;
    if (body.enabledFlag !== undefined) changes.enabledFlag = body.enabledFlag;
    const merged = {
      cropId: crop.id,
      varietyName: body.varietyName,
      varietyCode: changes.varietyCode === undefined ? current.varietyCode : changes.varietyCode,
    };
    const clash = await findVarietyClash(ctx.db, ctx.tenantId, merged, current.id);
    if (clash) throw clashError(clash, crop, merged);
    const res = await updateVariety(
      ctx.db,
      ctx.tenantId,
      current.id,
      body.objectVersionNumber,
      ctx.user.id,
      changes,
    );
    if (!res) throw CommonErrors.stale();
    return toVariety(written(res, crop, merged), crop);
  }

  /** Deletes a variety that no batch grows. */
  async remove(ctx: Ctx, id: number): Promise<{ success: boolean }> {
    requireAccess(ctx, VARIETY_ACCESS.delete);
    requireTenant(ctx);
    const current = await findVariety(ctx.db, ctx.tenantId, id, 'update');
    if (!current) throw VarietyErrors.notFound();
    const usedBy = await countBatchesUsing(ctx.db, ctx.tenantId, { varietyId: current.id });
    if (usedBy > 0) throw VarietyErrors.usedByBatch({ name: current.varietyName, count: usedBy });
    if (!(await deleteVariety(ctx.db, ctx.tenantId, current.id))) throw VarietyErrors.notFound();
    await recordAudit(ctx, {
      action: 'variety.delete',
      targetType: 'variety',
      targetId: current.id,
      targetName: current.varietyName,
      before: { name: current.varietyName, cropId: current.cropId },
    });
    return { success: true };
  }

  /**
   * For the modules that attach a crop (and variety) to their rows, e.g. batches: checks that the crop
   * exists in the tenant and the variety, when given, is one of its varieties (400 naming the field
   * otherwise), and keeps both from being deleted until the caller's transaction ends.
   */
  async resolveCropAndVariety(
    ctx: Ctx,
    cropId: number,
    varietyId: number | null,
  ): Promise<{ crop: Crop; variety: Variety | null }> {
    requireAccess(ctx, VARIETY_ACCESS.read);
    requireTenant(ctx);
    const crop = await this.lockCrop(ctx, cropId);
    if (varietyId === null) return { crop: toCrop(crop), variety: null };
    const variety = await findVariety(ctx.db, ctx.tenantId, varietyId, 'share');
    if (!variety) throw VarietyErrors.unknownVariety();
    if (variety.cropId !== crop.id) throw VarietyErrors.notOfCrop();
    return { crop: toCrop(crop), variety: toVariety(variety, crop) };
  }

  /** The crop a variety is attached to, locked against deletion until the transaction ends. */
  private async lockCrop(ctx: TenantCtx, cropId: number): Promise<CropRow> {
    const crop = await findCrop(ctx.db, ctx.tenantId, cropId, 'share');
    if (!crop) throw VarietyErrors.cropNotFound();
    return crop;
  }
}

const written = (
  res: Written<VarietyRow>,
  crop: CropRow,
  v: { varietyName: string; varietyCode: string | null },
): VarietyRow => {
  if ('conflict' in res) throw clashError('name', crop, v);
  return res.row;
};
