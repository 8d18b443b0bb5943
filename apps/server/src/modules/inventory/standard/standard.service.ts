import type { Page } from '@tilth/contracts/common.types';
import type {
  InvStandard,
  InvStandardCreateBody,
  InvStandardListQuery,
  InvStandardUpdateBody,
} from '@tilth/contracts/inventory.base.types';
import { INVENTORY_PAGE_CODES } from '@tilth/contracts/inventory.base.types';
import { containsFilter } from '../../../platform/db/like.js';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { referencesTo } from '../reference/index.js';
import { StandardErrors } from './standard.errors.js';
import {
  deleteStandard,
  findStandard,
  insertStandard,
  listStandards,
  lockStandard,
  replaceValues,
  type StandardRow,
  type StandardValueRow,
  type StandardValues,
  type StandardWrite,
  standardNameTaken,
  updateStandard,
  valuesOfStandards,
} from './standard.repository.js';

export const STANDARD_ACCESS = 'wfpf.inventory.base.standard' as const;

type ValueIn = { id?: number | undefined; valueName: string; sortNo?: number | undefined };

const toStandard = (r: StandardRow, values: readonly StandardValueRow[]): InvStandard => ({
  id: r.id,
  standardName: r.standardName,
  remark: r.remark,
  sortNo: r.sortNo,
  enabledFlag: r.enabledFlag,
  values: values
    .filter((v) => v.standardId === r.id)
    .map((v) => ({ id: v.id, valueName: v.valueName, sortNo: v.sortNo })),
  objectVersionNumber: r.objectVersionNumber,
  creationDate: r.creationDate.toISOString(),
});

const written = (res: StandardWrite | undefined, name: string): StandardRow => {
  if (!res) throw CommonErrors.stale();
  if ('conflict' in res) throw StandardErrors.nameExists({ name });
  return res.row;
};

/** Values as sent, sorted by the order given when sortNo is left out; a name twice is refused. */
const normalise = (values: readonly ValueIn[]) => {
  const seen = new Set<string>();
  return values.map((v, i) => {
    if (seen.has(v.valueName)) throw StandardErrors.duplicateValue({ value: v.valueName });
    seen.add(v.valueName);
    return { id: v.id, valueName: v.valueName, sortNo: v.sortNo || i + 1 };
  });
};

/** Specification attributes (inventory/base/standard) and their values; a SKU picks one value of each. */
export class StandardService {
  async list(ctx: Ctx, q: InvStandardListQuery): Promise<Page<InvStandard>> {
    requireTenant(ctx);
    requireAccess(ctx, INVENTORY_PAGE_CODES);
    const w = pageWindow(q);
    const { rows, total } = await listStandards(
      ctx.db,
      ctx.tenantId,
      { standardName: containsFilter(q.standardName), enabledFlag: q.enabledFlag },
      w.limit,
      w.offset,
    );
    const values = await valuesOfStandards(
      ctx.db,
      ctx.tenantId,
      rows.map((r) => r.id),
    );
    return pageAnswer(
      rows.map((r) => toStandard(r, values)),
      total,
      q,
    );
  }

  async get(ctx: Ctx, id: number): Promise<InvStandard> {
    requireTenant(ctx);
    requireAccess(ctx, INVENTORY_PAGE_CODES);
    return this.read(ctx, id);
  }

  async create(ctx: Ctx, body: InvStandardCreateBody): Promise<InvStandard> {
    requireTenant(ctx);
    requireAccess(ctx, STANDARD_ACCESS);
    const values = normalise(body.values);
    if (values.some((v) => v.id !== undefined)) {
      throw StandardErrors.valueNotFound({ id: values.find((v) => v.id !== undefined)?.id ?? 0 });
    }
    const v: StandardValues = {
      standardName: body.standardName,
      remark: body.remark ?? null,
      sortNo: body.sortNo ?? 0,
      enabledFlag: body.enabledFlag ?? 1,
    };
    if (await standardNameTaken(ctx.db, ctx.tenantId, v.standardName))
      throw StandardErrors.nameExists({ name: v.standardName });
    const row = written(await insertStandard(ctx.db, ctx.tenantId, ctx.user.id, v), v.standardName);
    await replaceValues(ctx.db, ctx.tenantId, row.id, values, []);
    return this.read(ctx, row.id);
  }

  /** The values sent replace the attribute's: kept by id, new ones added, missing ones removed if unused. */
  async update(ctx: Ctx, id: number, body: InvStandardUpdateBody): Promise<InvStandard> {
    requireTenant(ctx);
    requireAccess(ctx, STANDARD_ACCESS);
    const current = await lockStandard(ctx.db, ctx.tenantId, id);
    if (!current) throw StandardErrors.notFound();
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    const values = normalise(body.values);
    const existing = await valuesOfStandards(ctx.db, ctx.tenantId, [id]);
    const existingIds = new Set(existing.map((e) => e.id));
    for (const v of values)
      if (v.id !== undefined && !existingIds.has(v.id)) throw StandardErrors.valueNotFound({ id: v.id });
    const keptIds = new Set(values.map((v) => v.id));
    const removed = existing.filter((e) => !keptIds.has(e.id));
    for (const r of removed) {
      const what = await referencesTo(ctx, 'standardValue', r.id);
      if (what) throw StandardErrors.valueInUse({ value: r.valueName, what });
    }
    const v: StandardValues = {
      standardName: body.standardName,
      remark: body.remark ?? null,
      sortNo: body.sortNo ?? current.sortNo,
      enabledFlag: body.enabledFlag ?? current.enabledFlag,
    };
    if (await standardNameTaken(ctx.db, ctx.tenantId, v.standardName, id))
      throw StandardErrors.nameExists({ name: v.standardName });
    written(
      await updateStandard(ctx.db, ctx.tenantId, id, body.objectVersionNumber, ctx.user.id, v),
      v.standardName,
    );
    await replaceValues(
      ctx.db,
      ctx.tenantId,
      id,
      values,
      removed.map((r) => r.id),
    );
    return this.read(ctx, id);
  }

  /** Refused while a product uses the attribute or one of its values. */
  async remove(ctx: Ctx, id: number, version: number | undefined): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, STANDARD_ACCESS);
    const row = await lockStandard(ctx.db, ctx.tenantId, id);
    if (!row) throw StandardErrors.notFound();
    if (version !== undefined && version !== row.objectVersionNumber) throw CommonErrors.stale();
    const what = await referencesTo(ctx, 'standard', id);
    if (what) throw StandardErrors.inUse({ name: row.standardName, what });
    for (const v of await valuesOfStandards(ctx.db, ctx.tenantId, [id])) {
      const used = await referencesTo(ctx, 'standardValue', v.id);
      if (used) throw StandardErrors.inUse({ name: row.standardName, what: used });
    }
    await deleteStandard(ctx.db, ctx.tenantId, id);
    return { success: true };
  }

  private async read(ctx: TenantCtx, id: number): Promise<InvStandard> {
    const row = await findStandard(ctx.db, ctx.tenantId, id);
    if (!row) throw StandardErrors.notFound();
    return toStandard(row, await valuesOfStandards(ctx.db, ctx.tenantId, [id]));
  }
}
