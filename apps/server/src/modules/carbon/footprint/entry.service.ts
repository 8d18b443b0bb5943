import { decimal } from '@tilth/contracts/carbon.formulas';
import type {
  CarbonEntry,
  CarbonEntryCreateBody,
  CarbonEntryListQuery,
  CarbonEntryUpdateBody,
} from '@tilth/contracts/carbon.types';
import type { Page } from '@tilth/contracts/common.types';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { ownFiles } from '../../messaging/file/index.js';
import { type FactorBook, loadFactorBook } from '../factor/index.js';
import {
  deleteEntry,
  type EntryValues,
  findEntry,
  insertEntry,
  listEntries,
  placeExists,
  updateEntry,
} from './entry.repository.js';
import { FootprintErrors } from './footprint.errors.js';
import { CARBON_ACCESS } from './footprint.service.js';

type Row = NonNullable<Awaited<ReturnType<typeof findEntry>>>;

const FILE_URL =
  /^\/hfle\/v1\/(\d{1,10})\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/(file|image)$/i;

/** Evidence must be files this tenant stored (never an outside address, never another tenant's). */
const requireOwnEvidence = async (ctx: TenantCtx, urls: readonly string[]): Promise<void> => {
  if (urls.length === 0) return;
  const ids = urls.map((u) => {
    const m = FILE_URL.exec(u);
    return m && Number(m[1]) === ctx.tenantId ? m[2]?.toLowerCase() : undefined;
  });
  if (ids.some((id) => id === undefined)) throw FootprintErrors.evidenceNotOwn();
  const own = new Set((await ownFiles(ctx.db, ctx.tenantId, ids as string[])).map((f) => f.id.toLowerCase()));
  if (ids.some((id) => !own.has(id as string))) throw FootprintErrors.evidenceNotOwn();
};

const out = (
  r: Row,
  book: FactorBook,
  names: { areaName?: string | null; batchName?: string | null },
): CarbonEntry => {
  const f = book.pick(r.factorCode, Number(r.entryDate.slice(0, 4)), book.gridRegion);
  return {
    id: r.id,
    kind: r.kind === 'removal' ? 'removal' : 'emission',
    entryDate: r.entryDate,
    stage: r.stage as CarbonEntry['stage'],
    areaId: r.areaId,
    areaName: names.areaName ?? null,
    landId: r.landId,
    batchId: r.batchId,
    batchName: names.batchName ?? null,
    factorCode: r.factorCode,
    activityAmount: decimal(Number(r.activityAmount), 4),
    activityUnit: r.activityUnit,
    kgCo2e: f ? decimal(Number(r.activityAmount) * f.value * f.gwp, 4) : null,
    evidence: r.evidence,
    description: r.description,
    objectVersionNumber: r.objectVersionNumber,
  };
};

/** Checks a body against what only the server knows; answers the values to store. */
const valuesOf = async (ctx: TenantCtx, book: FactorBook, b: CarbonEntryCreateBody): Promise<EntryValues> => {
  const f = book.pick(b.factorCode, Number(b.entryDate.slice(0, 4)), book.gridRegion);
  if (!f) throw FootprintErrors.factorUnknown();
  const place = { areaId: b.areaId ?? null, landId: b.landId ?? null, batchId: b.batchId ?? null };
  const bad = await placeExists(ctx.db, ctx.tenantId, place);
  if (bad) throw FootprintErrors.placeUnknown({ field: bad });
  if (ctx.areaScope && (place.areaId == null || !ctx.areaScope.includes(place.areaId))) {
    throw FootprintErrors.placeUnknown({ field: 'areaId' });
  }
  await requireOwnEvidence(ctx, b.evidence);
  return {
    kind: b.kind,
    entryDate: b.entryDate,
    stage: b.stage,
    ...place,
    factorCode: b.factorCode,
    activityAmount: String(b.activityAmount),
    // The factor's activity unit: the amount is entered in it.
    activityUnit: f.activityUnit,
    evidence: b.evidence,
    description: b.description ?? null,
  };
};

/** Manual carbon entries (emissions the records cannot tell, and removals), each with evidence. */
export class EntryService {
  async list(ctx: Ctx, q: CarbonEntryListQuery): Promise<Page<CarbonEntry>> {
    requireTenant(ctx);
    requireAccess(ctx, CARBON_ACCESS.neutral);
    const w = pageWindow(q);
    const { rows, total } = await listEntries(ctx.db, ctx.tenantId, q, w.limit, w.offset);
    const book = await loadFactorBook(ctx.db, ctx.tenantId);
    return pageAnswer(
      rows.map((r) => out(r.e, book, r)),
      total,
      q,
    );
  }

  async create(ctx: Ctx, b: CarbonEntryCreateBody): Promise<CarbonEntry> {
    requireTenant(ctx);
    requireAccess(ctx, CARBON_ACCESS.neutralEdit);
    const book = await loadFactorBook(ctx.db, ctx.tenantId);
    const row = await insertEntry(ctx.db, ctx.tenantId, ctx.user.id, await valuesOf(ctx, book, b));
    if (!row) throw CommonErrors.stale();
    return out(row, book, {});
  }

  async update(ctx: Ctx, b: CarbonEntryUpdateBody): Promise<CarbonEntry> {
    requireTenant(ctx);
    requireAccess(ctx, CARBON_ACCESS.neutralEdit);
    if (!(await findEntry(ctx.db, ctx.tenantId, b.id))) throw FootprintErrors.entryNotFound();
    const book = await loadFactorBook(ctx.db, ctx.tenantId);
    const v = await valuesOf(ctx, book, b);
    const row = await updateEntry(ctx.db, ctx.tenantId, ctx.user.id, b.id, b.objectVersionNumber, v);
    if (!row) throw CommonErrors.stale();
    return out(row, book, {});
  }

  async remove(ctx: Ctx, id: number, version: number): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, CARBON_ACCESS.neutralEdit);
    if (!(await findEntry(ctx.db, ctx.tenantId, id))) throw FootprintErrors.entryNotFound();
    if (!(await deleteEntry(ctx.db, ctx.tenantId, id, version))) throw CommonErrors.stale();
    return { success: true };
  }
}
