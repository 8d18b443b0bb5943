import {
  AGRI_REGISTERED_CATEGORIES,
  type AgriCategory,
  type AgriInput,
  type AgriInputCreateBody,
  type AgriInputListQuery,
  type AgriInputUpdateBody,
} from '@tilth/contracts/agricultural.types';
import type { Page } from '@tilth/contracts/common.types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import { pageAnswer } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { numText } from './agricultural.decimal.js';
import { AgriculturalErrors } from './agricultural.errors.js';
import {
  deleteInput,
  findInput,
  type InputRow,
  type InputValues,
  type InputWrite,
  inputCodeTaken,
  inputInUse,
  inputNameTaken,
  insertInput,
  listInputs,
  lockInput,
  updateInput,
} from './input.repository.js';

/** Access of the catalogue (farm/agricultural/agricultural-manage). */
export const INPUT_ACCESS = {
  read: 'wfpf.farm.farm.agricultural-agricultural-manage',
  create: 'wfpf.farm.farm.agricultural.ps.create',
  edit: 'wfpf.farm.farm.agricultural.ps.edit',
  delete: 'wfpf.farm.farm.agricultural.ps.delete',
} as const satisfies Record<string, PermissionCode>;

/**
 * Who may read the catalogue: its own page, and the stock and document pages whose filters and line
 * pickers list the inputs (size=0).
 */
export const INPUT_READERS = [
  INPUT_ACCESS.read,
  'wfpf.farm.farm.agricultural-agricultural-inventory',
  'wfpf.farm.farm.agricultural-agricultural-warehousing',
  'wfpf.farm.farm.agricultural-agricultural-shipment',
] as const satisfies readonly PermissionCode[];

export const toInput = (r: InputRow): AgriInput => ({
  inputId: r.id,
  inputCode: r.inputCode,
  inputName: r.inputName,
  category: r.category,
  registrationNo: r.registrationNo,
  manufacturer: r.manufacturer,
  specification: r.specification,
  unit: r.unit,
  price: r.price === null ? null : Number(r.price),
  imageUrl: r.imageUrl,
  description: r.description,
  nPercent: r.nPercent === null ? null : Number(r.nPercent),
  p2o5Percent: r.p2o5Percent === null ? null : Number(r.p2o5Percent),
  k2oPercent: r.k2oPercent === null ? null : Number(r.k2oPercent),
  nitrogenSource:
    r.nitrogenSource === 'organic' || r.nitrogenSource === 'synthetic' ? r.nitrogenSource : null,
  enabledFlag: r.enabledFlag,
  objectVersionNumber: r.objectVersionNumber,
  creationDate: r.creationDate.toISOString(),
});

const valuesOf = (b: AgriInputCreateBody | AgriInputUpdateBody, enabledFlag: number): InputValues => {
  const registrationNo = b.registrationNo ?? null;
  // Spec 03 §5 asks for a registration number on registered products (pesticide and fertiliser).
  if (registrationNo === null && AGRI_REGISTERED_CATEGORIES.includes(b.category as AgriCategory)) {
    throw AgriculturalErrors.registrationRequired();
  }
  return {
    inputCode: b.inputCode,
    inputName: b.inputName,
    category: b.category,
    registrationNo,
    manufacturer: b.manufacturer ?? null,
    specification: b.specification ?? null,
    unit: b.unit,
    price: b.price === undefined || b.price === null ? null : numText(b.price, 2),
    imageUrl: b.imageUrl ?? null,
    description: b.description ?? null,
    nPercent: b.nPercent == null ? null : numText(b.nPercent, 2),
    p2o5Percent: b.p2o5Percent == null ? null : numText(b.p2o5Percent, 2),
    k2oPercent: b.k2oPercent == null ? null : numText(b.k2oPercent, 2),
    // Only nitrogen has a source; without N % it means nothing.
    nitrogenSource: b.nPercent == null ? null : (b.nitrogenSource ?? 'synthetic'),
    enabledFlag,
  };
};

const written = (res: InputWrite, v: InputValues): InputRow => {
  if ('conflict' in res) {
    throw res.conflict === 'code'
      ? AgriculturalErrors.codeExists({ code: v.inputCode })
      : AgriculturalErrors.nameExists({ name: v.inputName });
  }
  return res.row;
};

export class AgriInputService {
  async list(ctx: Ctx, q: AgriInputListQuery): Promise<Page<AgriInput>> {
    requireTenant(ctx);
    requireAccess(ctx, INPUT_READERS);
    const all = q.size === 0;
    const { rows, total } = await listInputs(
      ctx.db,
      ctx.tenantId,
      {
        inputName: q.inputName?.trim() || undefined,
        inputCode: q.inputCode?.trim() || undefined,
        category: q.category,
        enabledFlag: q.enabledFlag,
      },
      all ? undefined : q.size,
      all ? 0 : q.page * q.size,
    );
    return pageAnswer(rows.map(toInput), total, q);
  }

  async get(ctx: Ctx, id: number): Promise<AgriInput> {
    requireTenant(ctx);
    requireAccess(ctx, INPUT_READERS);
    const row = await findInput(ctx.db, ctx.tenantId, id);
    if (!row) throw AgriculturalErrors.inputNotFound();
    return toInput(row);
  }

  async create(ctx: Ctx, body: AgriInputCreateBody): Promise<AgriInput> {
    requireTenant(ctx);
    requireAccess(ctx, INPUT_ACCESS.create);
    const v = valuesOf(body, body.enabledFlag);
    await this.checkUnique(ctx, v, undefined);
    return toInput(written(await insertInput(ctx.db, ctx.tenantId, ctx.user.id, v), v));
  }

  async update(ctx: Ctx, body: AgriInputUpdateBody): Promise<AgriInput> {
    requireTenant(ctx);
    requireAccess(ctx, INPUT_ACCESS.edit);
    const current = await findInput(ctx.db, ctx.tenantId, body.inputId);
    if (!current) throw AgriculturalErrors.inputNotFound();
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    const v = valuesOf(body, body.enabledFlag ?? current.enabledFlag);
    await this.checkUnique(ctx, v, current.id);
    const res = await updateInput(ctx.db, ctx.tenantId, current.id, body.objectVersionNumber, ctx.user.id, v);
    if (!res) throw CommonErrors.stale();
    return toInput(written(res, v));
  }

  private async checkUnique(ctx: TenantCtx, v: InputValues, exceptId: number | undefined): Promise<void> {
    if (await inputCodeTaken(ctx.db, ctx.tenantId, v.inputCode, exceptId)) {
      throw AgriculturalErrors.codeExists({ code: v.inputCode });
    }
    if (await inputNameTaken(ctx.db, ctx.tenantId, v.inputName, v.specification, exceptId)) {
      throw AgriculturalErrors.nameExists({ name: v.inputName });
    }
  }

  /** Only an input that never moved; one with stock or movements is disabled instead (409). */
  async remove(ctx: Ctx, id: number, version: number | undefined): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, INPUT_ACCESS.delete);
    const row = await lockInput(ctx.db, ctx.tenantId, id);
    if (!row) throw AgriculturalErrors.inputNotFound();
    if (version !== undefined && version !== row.objectVersionNumber) throw CommonErrors.stale();
    if (await inputInUse(ctx.db, ctx.tenantId, id))
      throw AgriculturalErrors.inputInUse({ name: row.inputName });
    await deleteInput(ctx.db, ctx.tenantId, id);
    return { success: true };
  }
}
