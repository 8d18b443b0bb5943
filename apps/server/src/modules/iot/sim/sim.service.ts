import type { Page } from '@tilth/contracts/common.types';
import { type PermissionCode, SYSTEM_DEVICE_CODES } from '@tilth/contracts/permissions';
import type {
  SimCard,
  SimCreateBody,
  SimInfo,
  SimListQuery,
  SimUpdateBody,
} from '@tilth/contracts/sim.types';
import { pageAnswer } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { countByIccid, devicesWithIccid, parseHistoryTime } from '../device/index.js';
import { SimErrors } from './sim.errors.js';
import {
  deleteSim,
  findSim,
  findSimByIccid,
  insertSim,
  listSims,
  type SimRow,
  type SimValues,
  type SimWrite,
  updateSim,
} from './sim.repository.js';

/** The page's view code, and the write codes issue 10 gave it (it wrote under the view code before). */
export const SIM_ACCESS = {
  view: SYSTEM_DEVICE_CODES.sims,
  create: SYSTEM_DEVICE_CODES.simCreate,
  edit: SYSTEM_DEVICE_CODES.simEdit,
  delete: SYSTEM_DEVICE_CODES.simDelete,
} as const satisfies Record<string, PermissionCode>;

export const toSim = (r: SimRow, deviceCount: number): SimCard => ({
  id: r.id,
  iccid: r.iccid,
  msisdn: r.msisdn,
  operator: r.operator,
  planMb: r.planMb,
  usedMb: r.usedMb,
  usagePercent: r.planMb ? Math.round((r.usedMb / r.planMb) * 1000) / 10 : null,
  activatedAt: r.activatedAt?.toISOString() ?? null,
  expiresAt: r.expiresAt?.toISOString() ?? null,
  status: r.status,
  description: r.description,
  deviceCount,
  objectVersionNumber: r.objectVersionNumber,
  creationDate: r.creationDate.toISOString(),
});

const date = (text: string | null | undefined, field: string, tz: string): Date | null | undefined => {
  if (text === undefined || text === null) return text;
  const d = parseHistoryTime(text, 'start', tz);
  if (!d) throw SimErrors.badDate({ field });
  return d;
};

/** IoT SIM cards (system/sim-manage). */
export class SimService {
  async page(ctx: Ctx, q: SimListQuery): Promise<Page<SimCard>> {
    requireTenant(ctx);
    requireAccess(ctx, SIM_ACCESS.view);
    const all = q.size === 0;
    const { rows, total } = await listSims(
      ctx.db,
      ctx.tenantId,
      { iccid: q.iccid?.trim() || undefined, operator: q.operator?.trim() || undefined, status: q.status },
      all ? undefined : q.size,
      all ? 0 : q.page * q.size,
    );
    const counts = await countByIccid(
      ctx.db,
      ctx.tenantId,
      rows.map((r) => r.iccid),
    );
    return pageAnswer(
      rows.map((r) => toSim(r, counts.get(r.iccid) ?? 0)),
      total,
      q,
    );
  }

  async get(ctx: Ctx, id: number): Promise<SimCard> {
    requireTenant(ctx);
    requireAccess(ctx, SIM_ACCESS.view);
    return this.load(ctx, id);
  }

  /** The card with the devices that carry it and its usage. */
  async info(ctx: Ctx, id: number): Promise<SimInfo> {
    requireTenant(ctx);
    requireAccess(ctx, SIM_ACCESS.view);
    const row = await findSim(ctx.db, ctx.tenantId, id);
    if (!row) throw SimErrors.notFound();
    const devices = await devicesWithIccid(ctx.db, ctx.tenantId, row.iccid);
    return {
      card: toSim(row, devices.length),
      devices: devices.map((d) => ({
        id: d.id,
        deviceType: d.typeKey,
        name: d.name,
        eui: d.eui,
        areaName: d.areaName,
        online: d.online ? 1 : 0,
        lastSeenAt: d.lastSeenAt?.toISOString() ?? null,
      })),
    };
  }

  async create(ctx: Ctx, body: SimCreateBody): Promise<SimCard> {
    requireTenant(ctx);
    requireAccess(ctx, SIM_ACCESS.create);
    const values = this.values(body, undefined, ctx.timeZone);
    await this.checkIccid(ctx, values.iccid, undefined);
    const res = await insertSim(ctx.db, ctx.tenantId, ctx.user.id, values);
    return this.load(ctx, this.written(res, values.iccid).id);
  }

  async update(ctx: Ctx, body: SimUpdateBody): Promise<SimCard> {
    requireTenant(ctx);
    requireAccess(ctx, SIM_ACCESS.edit);
    const current = await findSim(ctx.db, ctx.tenantId, body.id);
    if (!current) throw SimErrors.notFound();
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    const values = this.values(body, current, ctx.timeZone);
    if (values.iccid !== current.iccid) await this.checkIccid(ctx, values.iccid, current.id);
    const res = await updateSim(
      ctx.db,
      ctx.tenantId,
      current.id,
      body.objectVersionNumber,
      ctx.user.id,
      values,
    );
    if (!res) throw CommonErrors.stale();
    return this.load(ctx, this.written(res, values.iccid).id);
  }

  /** Deletes the card record; devices keep their iccid text (the card may be registered again). */
  async remove(ctx: Ctx, id: number): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, SIM_ACCESS.delete);
    if (!(await deleteSim(ctx.db, ctx.tenantId, id))) throw SimErrors.notFound();
    return { success: true };
  }

  private values(body: SimCreateBody | SimUpdateBody, current: SimRow | undefined, tz: string): SimValues {
    const keep = <T>(v: T | undefined, old: T): T => (v === undefined ? old : v);
    const activatedAt = keep(date(body.activatedAt, 'activatedAt', tz), current?.activatedAt ?? null);
    const expiresAt = keep(date(body.expiresAt, 'expiresAt', tz), current?.expiresAt ?? null);
    if (activatedAt && expiresAt && expiresAt.getTime() < activatedAt.getTime()) {
      throw SimErrors.expiresBeforeActivation();
    }
    return {
      iccid: keep(body.iccid, current?.iccid ?? ''),
      msisdn: keep(body.msisdn, current?.msisdn ?? null),
      operator: keep(body.operator, current?.operator ?? null),
      planMb: keep(body.planMb, current?.planMb ?? null),
      usedMb: keep(body.usedMb, current?.usedMb ?? 0),
      activatedAt,
      expiresAt,
      status: keep(body.status, current?.status ?? 'active'),
      description: keep(body.description, current?.description ?? null),
    };
  }

  private async checkIccid(ctx: TenantCtx, iccid: string, exceptId: number | undefined): Promise<void> {
    const taken = await findSimByIccid(ctx.db, ctx.tenantId, iccid);
    if (taken && taken.id !== exceptId) throw SimErrors.iccidTaken({ iccid });
  }

  private written(res: SimWrite, iccid: string): SimRow {
    if ('conflict' in res) throw SimErrors.iccidTaken({ iccid });
    return res.row;
  }

  private async load(ctx: TenantCtx, id: number): Promise<SimCard> {
    const row = await findSim(ctx.db, ctx.tenantId, id);
    if (!row) throw SimErrors.notFound();
    const counts = await countByIccid(ctx.db, ctx.tenantId, [row.iccid]);
    return toSim(row, counts.get(row.iccid) ?? 0);
  }
}
