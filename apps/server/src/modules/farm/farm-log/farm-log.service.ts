import type { Page } from '@tilth/contracts/common.types';
import {
  CAMERA_LOG_LEVEL_OF,
  FARM_LOG_PICTURE_URL,
  type FarmLog,
  type FarmLogCreateBody,
  type FarmLogListQuery,
  type FarmLogPostBody,
  type FarmLogUpdateBody,
} from '@tilth/contracts/farm-log.types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import { pageAnswer } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { dayEnd, dayStart } from '../../../platform/time/zone.js';
import { ownFiles } from '../../messaging/file/index.js';
import { findBase } from '../area/index.js';
import { findPlot } from '../land/index.js';
import { FarmLogErrors } from './farm-log.errors.js';
import {
  deleteFarmLog,
  type FarmLogValues,
  type FarmLogView,
  findFarmLog,
  insertFarmLog,
  listFarmLogs,
  updateFarmLog,
} from './farm-log.repository.js';

export const FARM_LOG_ACCESS = {
  read: 'wfpf.farm.farm.log',
  create: 'wfpf.farm.farm.log.ps.create',
  edit: 'wfpf.farm.farm.log.ps.edit',
  delete: 'wfpf.farm.farm.log.ps.delete',
} as const satisfies Record<string, PermissionCode>;

export const toFarmLog = (r: FarmLogView): FarmLog => ({
  logId: r.id,
  title: r.title,
  level: r.level,
  description: r.description,
  pictures: r.pictures,
  areaId: r.areaId,
  areaName: r.areaName,
  landId: r.landId,
  landName: r.landName,
  source: r.source,
  sourceId: r.sourceId,
  logTime: r.logTime.toISOString(),
  createdBy: r.createdBy,
  createdByName: r.createdByName,
  objectVersionNumber: r.objectVersionNumber,
  creationDate: r.creationDate.toISOString(),
});

/**
 * The camera's 'capture upload' form (spec 02 §3: logTitle, logLevel, content…) as the farm log's own
 * fields: its levels map to daily / warning / emergency, its pictures are content, its source the camera.
 */
const fromCameraForm = (b: FarmLogPostBody | FarmLogCreateBody): FarmLogCreateBody => {
  if (!('logTitle' in b) || b.logTitle === undefined) {
    const {
      logTitle: _t,
      content: _c,
      logType: _y,
      logLevel: _l,
      cameraId: _i,
      ...own
    } = b as FarmLogPostBody;
    return { ...own, title: own.title ?? '' };
  }
  return {
    title: b.logTitle,
    level: CAMERA_LOG_LEVEL_OF[b.logLevel ?? 'info'],
    description: b.description,
    pictures: b.content ?? [],
    areaId: b.areaId,
    landId: b.landId,
    source: b.cameraId !== undefined ? 'camera' : 'manual',
    sourceId: b.cameraId ?? null,
    logTime: b.logTime,
  };
};

export class FarmLogService {
  async list(ctx: Ctx, q: FarmLogListQuery): Promise<Page<FarmLog>> {
    requireTenant(ctx);
    requireAccess(ctx, FARM_LOG_ACCESS.read);
    if (q.startDate && q.endDate && q.startDate > q.endDate) throw FarmLogErrors.dateOrder();
    const all = q.size === 0;
    const { rows, total } = await listFarmLogs(
      ctx.db,
      ctx.tenantId,
      {
        title: q.title?.trim() || undefined,
        level: q.level,
        areaId: q.areaId,
        landId: q.landId,
        source: q.source,
        // Date filters are days of the tenant's time zone: [start of startDate, start of the day after endDate).
        from: q.startDate ? dayStart(q.startDate, ctx.timeZone) : undefined,
        to: q.endDate ? dayEnd(q.endDate, ctx.timeZone) : undefined,
      },
      all ? undefined : q.size,
      all ? 0 : q.page * q.size,
    );
    return pageAnswer(rows.map(toFarmLog), total, q);
  }

  async get(ctx: Ctx, id: number): Promise<FarmLog> {
    requireTenant(ctx);
    requireAccess(ctx, FARM_LOG_ACCESS.read);
    return this.load(ctx, id);
  }

  /** Adds a log: typed in the console (source manual) or posted by a camera, device or task. */
  async create(ctx: Ctx, posted: FarmLogPostBody | FarmLogCreateBody): Promise<FarmLog> {
    requireTenant(ctx);
    requireAccess(ctx, FARM_LOG_ACCESS.create);
    const body = fromCameraForm(posted);
    const sourceId = body.sourceId ?? null;
    if (body.source === 'manual' && sourceId !== null) throw FarmLogErrors.sourceIdForManual();
    if (body.source !== 'manual' && sourceId === null) throw FarmLogErrors.sourceIdRequired();
    const place = await this.place(ctx, body.areaId ?? null, body.landId ?? null);
    await this.checkPictures(ctx, body.pictures);
    const values: FarmLogValues = {
      title: body.title,
      level: body.level,
      description: body.description ?? null,
      pictures: body.pictures,
      ...place,
      source: body.source,
      sourceId,
      logTime: body.logTime ? new Date(body.logTime) : new Date(),
    };
    const row = await insertFarmLog(ctx.db, ctx.tenantId, ctx.user.id, values);
    return this.load(ctx, row.id);
  }

  async update(ctx: Ctx, body: FarmLogUpdateBody): Promise<FarmLog> {
    requireTenant(ctx);
    requireAccess(ctx, FARM_LOG_ACCESS.edit);
    const current = await findFarmLog(ctx.db, ctx.tenantId, body.logId);
    if (!current) throw FarmLogErrors.notFound();
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    const changes: Partial<FarmLogValues> = { title: body.title };
    if (body.level !== undefined) changes.level = body.level;
    if (body.description !== undefined) changes.description = body.description;
    if (body.logTime !== undefined) changes.logTime = new Date(body.logTime);
    if (body.areaId !== undefined || body.landId !== undefined) {
      // A new plot without a base takes the plot's base; a new base alone drops a plot of another base.
      const movedBase = body.areaId !== undefined && body.areaId !== current.areaId;
      const landId = body.landId !== undefined ? body.landId : movedBase ? null : current.landId;
      const areaId =
        body.areaId !== undefined ? body.areaId : body.landId !== undefined ? null : current.areaId;
      Object.assign(changes, await this.place(ctx, areaId, landId));
    }
    if (body.pictures !== undefined) {
      // Pictures already on the log stay valid even if re-listed; new ones must be this tenant's files.
      await this.checkPictures(
        ctx,
        body.pictures.filter((p) => !current.pictures.includes(p)),
        body.pictures,
      );
      changes.pictures = body.pictures;
    }
    const row = await updateFarmLog(
      ctx.db,
      ctx.tenantId,
      current.id,
      body.objectVersionNumber,
      ctx.user.id,
      changes,
    );
    if (!row) throw CommonErrors.stale();
    return this.load(ctx, current.id);
  }

  async remove(ctx: Ctx, id: number, version: number | undefined): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, FARM_LOG_ACCESS.delete);
    const current = await findFarmLog(ctx.db, ctx.tenantId, id);
    if (!current) throw FarmLogErrors.notFound();
    if (version !== undefined && current.objectVersionNumber !== version) throw CommonErrors.stale();
    if (!(await deleteFarmLog(ctx.db, ctx.tenantId, current.id, version))) throw CommonErrors.stale();
    return { success: true };
  }

  private async load(ctx: TenantCtx, id: number): Promise<FarmLog> {
    const row = await findFarmLog(ctx.db, ctx.tenantId, id);
    if (!row) throw FarmLogErrors.notFound();
    return toFarmLog(row);
  }

  /**
   * The base and plot of a log: both optional; a plot must exist, its base is the log's base when none
   * is given, and a given base must be the plot's.
   */
  private async place(
    ctx: TenantCtx,
    areaId: number | null,
    landId: number | null,
  ): Promise<{ areaId: number | null; landId: number | null }> {
    if (landId !== null) {
      const plot = await findPlot(ctx.db, ctx.tenantId, landId);
      if (!plot) throw FarmLogErrors.landNotFound();
      if (areaId !== null && areaId !== plot.areaId) throw FarmLogErrors.areaMismatch();
      return { areaId: plot.areaId, landId };
    }
    if (areaId !== null && !(await findBase(ctx.db, ctx.tenantId, areaId))) {
      throw FarmLogErrors.areaNotFound();
    }
    return { areaId, landId: null };
  }

  /**
   * Pictures are addresses the file module answered to this tenant's uploads: the address names this
   * tenant and the file is an image stored by it (a platform file or another tenant's is refused).
   */
  private async checkPictures(ctx: TenantCtx, fresh: string[], all: string[] = fresh): Promise<void> {
    if (new Set(all).size !== all.length) throw FarmLogErrors.pictureDuplicate();
    const wanted = new Map<string, string>();
    for (const url of fresh) {
      const m = FARM_LOG_PICTURE_URL.exec(url);
      if (!m || Number(m[1]) !== ctx.tenantId || !m[2]) throw FarmLogErrors.pictureNotFound({ url });
      wanted.set(m[2].toLowerCase(), url);
    }
    const found = new Map(
      (await ownFiles(ctx.db, ctx.tenantId, [...wanted.keys()])).map((f) => [f.id, f.contentType]),
    );
    for (const [fileId, url] of wanted) {
      const type = found.get(fileId);
      if (type === undefined) throw FarmLogErrors.pictureNotFound({ url });
      if (!type.startsWith('image/')) throw FarmLogErrors.pictureNotImage({ url });
    }
  }
}
