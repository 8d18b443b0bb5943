import type { Page } from '@tilth/contracts/common.types';
import type { Crop, CropCreateBody, CropPageQuery, CropUpdateBody } from '@tilth/contracts/crop.types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import { flagOf } from '../../../platform/db/columns.js';
import { containsFilter } from '../../../platform/db/like.js';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import { recordAudit } from '../../identity/audit/index.js';
import { CropErrors } from './crop.errors.js';
import {
  type CropRow,
  type CropValues,
  countBatchesUsing,
  countVarietiesOfCrop,
  cropNameTaken,
  deleteCrop,
  findCrop,
  insertCrop,
  listCrops,
  lockCatalogue,
  updateCrop,
  type Written,
} from './crop.repository.js';

type AccessDef = Record<string, 'authenticated' | PermissionCode>;

/**
 * Access of the crop calls. Reading is open to every member of the tenant: besides the system `crop`
 * page, the farm pages (batch form, plans) choose crops from this list.
 */
export const CROP_ACCESS = {
  read: 'authenticated',
  create: 'wfpf.company.system.crop.ps.create',
  edit: 'wfpf.company.system.crop.ps.edit',
  delete: 'wfpf.company.system.crop.ps.delete',
} as const satisfies AccessDef;

/** A contains-filter as typed: trimmed, and ignored when blank. */
export const toCrop = (r: CropRow): Crop => ({
  cropId: r.id,
  cropName: r.cropName,
  cropEnName: r.cropEnName,
  cropType: r.cropType,
  imageUrl: r.imageUrl,
  description: r.description,
  enabledFlag: flagOf(r.enabledFlag),
  objectVersionNumber: r.objectVersionNumber,
  creationDate: r.creationDate.toISOString(),
});

/** Crops (or, for aquaculture, species) of a tenant: system `crop` page (spec 01 §2.6). */
export class CropService {
  async page(ctx: Ctx, q: CropPageQuery): Promise<Page<Crop>> {
    requireAccess(ctx, CROP_ACCESS.read);
    requireTenant(ctx);
    const { limit, offset } = pageWindow(q);
    const filter = { cropName: containsFilter(q.cropName), cropType: q.cropType, enabledFlag: q.enabledFlag };
    const { rows, total } = await listCrops(ctx.db, ctx.tenantId, filter, limit, offset);
    return pageAnswer(rows.map(toCrop), total, q);
  }

  async get(ctx: Ctx, id: number): Promise<Crop> {
    requireAccess(ctx, CROP_ACCESS.read);
    requireTenant(ctx);
    const row = await findCrop(ctx.db, ctx.tenantId, id);
    if (!row) throw CropErrors.notFound();
    return toCrop(row);
  }

  async create(ctx: Ctx, body: CropCreateBody): Promise<Crop> {
    requireAccess(ctx, CROP_ACCESS.create);
    requireTenant(ctx);
    await lockCatalogue(ctx.db, ctx.tenantId, 'crops');
    const values: CropValues = {
      cropName: body.cropName,
      cropEnName: body.cropEnName ?? null,
      cropType: body.cropType,
      imageUrl: body.imageUrl ?? null,
      description: body.description ?? null,
      enabledFlag: body.enabledFlag,
    };
    if (await cropNameTaken(ctx.db, ctx.tenantId, values.cropName)) {
      throw CropErrors.nameExists({ name: values.cropName });
    }
    return toCrop(written(await insertCrop(ctx.db, ctx.tenantId, ctx.user.id, values), values.cropName));
  }

  async update(ctx: Ctx, body: CropUpdateBody): Promise<Crop> {
    requireAccess(ctx, CROP_ACCESS.edit);
    requireTenant(ctx);
    await lockCatalogue(ctx.db, ctx.tenantId, 'crops');
    const current = await findCrop(ctx.db, ctx.tenantId, body.cropId);
    if (!current) throw CropErrors.notFound();
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    const changes: Partial<CropValues> = { cropName: body.cropName };
    if (body.cropEnName !== undefined) changes.cropEnName = body.cropEnName;
    if (body.cropType !== undefined) changes.cropType = body.cropType;
    if (body.imageUrl !== undefined) changes.imageUrl = body.imageUrl;
    if (body.description !== undefined) changes.description = body.description;
    if (body.enabledFlag !== undefined) changes.enabledFlag = body.enabledFlag;
    if (await cropNameTaken(ctx.db, ctx.tenantId, body.cropName, current.id)) {
      throw CropErrors.nameExists({ name: body.cropName });
    }
    const res = await updateCrop(
      ctx.db,
      ctx.tenantId,
      current.id,
      body.objectVersionNumber,
      ctx.user.id,
      changes,
    );
    if (!res) throw CommonErrors.stale();
    return toCrop(written(res, body.cropName));
  }

  /** Deletes a crop that no batch grows and that has no varieties left. */
  async remove(ctx: Ctx, id: number): Promise<{ success: boolean }> {
    requireAccess(ctx, CROP_ACCESS.delete);
    requireTenant(ctx);
    // The row lock waits for transactions attaching a variety or a batch to this crop, then sees them.
    const current = await findCrop(ctx.db, ctx.tenantId, id, 'update');
    if (!current) throw CropErrors.notFound();
    const usedBy = await countBatchesUsing(ctx.db, ctx.tenantId, { cropId: current.id });
    if (usedBy > 0) throw CropErrors.usedByBatch({ name: current.cropName, count: usedBy });
    const kinds = await countVarietiesOfCrop(ctx.db, ctx.tenantId, current.id);
    if (kinds > 0) throw CropErrors.hasVarieties({ name: current.cropName, count: kinds });
    if (!(await deleteCrop(ctx.db, ctx.tenantId, current.id))) throw CropErrors.notFound();
    await recordAudit(ctx, {
      action: 'crop.delete',
      targetType: 'crop',
      targetId: current.id,
      targetName: current.cropName,
      before: { name: current.cropName },
    });
    return { success: true };
  }
}

const written = (res: Written<CropRow>, name: string): CropRow => {
  if ('conflict' in res) throw CropErrors.nameExists({ name });
  return res.row;
};
