import type {
  Timelapse,
  TimelapseDefaults,
  TimelapseListQuery,
  timelapseCreateBody,
} from '@tilth/contracts/camera-timelapse.types';
import type { Page } from '@tilth/contracts/common.types';
import type { z } from 'zod';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import type { FileStorage } from '../../../platform/files/storage.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { type RangedFile, rangedFile } from '../../../platform/http/serve-file.js';
import { addDays, dayEnd, dayStart, today } from '../../../platform/time/zone.js';
import { findBatch, plotHistory } from '../../farm/batch/index.js';
import { findPlot } from '../../farm/land/index.js';
import { CAMERA_ACCESS, requireCameraAccess } from './camera.access.js';
import { TimelapseErrors } from './camera.errors.js';
import * as repo from './camera-timelapse.repository.js';

// Growth time-lapses (issue 16 item 4): asked for a plot (and optionally one of its batches), made by
// camera-timelapse.jobs.ts, polled, played and downloaded here.

type CreateBody = z.output<typeof timelapseCreateBody>;
/** A plot without any batch: the last this many days. */
const NO_SEASON_DAYS = 90;

const toTimelapse = (r: repo.TimelapseRow): Timelapse => ({
  id: r.id,
  landId: r.landId,
  landName: r.landName,
  batchId: r.batchId,
  cameraId: r.cameraId,
  from: r.fromDay,
  to: r.toDay,
  fps: r.fps,
  quality: r.quality === 'hd' ? 'hd' : 'sd',
  status: r.status as Timelapse['status'],
  progress: r.progress,
  frames: r.frames,
  durationSec: r.frames > 0 ? Math.round((r.frames / r.fps) * 100) / 100 : 0,
  error: r.error,
  videoUrl: r.status === 'done' ? `/wfpe/v2/${r.tenantId}/camera/timelapse/${r.id}/video` : null,
  objectVersionNumber: r.objectVersionNumber,
  createdAt: r.creationDate.toISOString(),
});

export class CameraTimelapseService {
  constructor(private readonly storage: FileStorage) {}

  /** The plot the caller sees (its base scope), and the batch on it when named. */
  private async target(t: TenantCtx, landId: number, batchId: number | null | undefined) {
    const plot = await findPlot(t.db, t.tenantId, landId);
    if (!plot) throw TimelapseErrors.plotNotFound();
    if (!batchId) return { plot, batch: undefined };
    const batch = await findBatch(t.db, t.tenantId, batchId, t.lang);
    if (!batch) throw TimelapseErrors.batchNotFound();
    if (batch.landId !== landId) throw TimelapseErrors.batchNotOnPlot();
    return { plot, batch };
  }

  /** A batch's period (start → harvest, end or today); a plot's season is its latest batch's. */
  private async range(
    t: TenantCtx,
    landId: number,
    batch: { startDate: string; harvestDate: string | null; endDate: string | null } | undefined,
  ) {
    const now = today(t.timeZone);
    const season = batch ?? (await plotHistory(t.db, t.tenantId, landId, t.lang))[0];
    if (!season) return { from: addDays(now, -NO_SEASON_DAYS), to: now };
    const harvest = 'harvestDate' in season ? season.harvestDate : null;
    let to = harvest ?? season.endDate ?? now;
    if (to < season.startDate) to = season.startDate;
    return { from: season.startDate, to };
  }

  async defaults(ctx: Ctx, q: { landId: number; batchId?: number | undefined }): Promise<TimelapseDefaults> {
    requireCameraAccess(ctx, CAMERA_ACCESS.view);
    const t = ctx as TenantCtx;
    const { batch } = await this.target(t, q.landId, q.batchId);
    const r = await this.range(t, q.landId, batch);
    const stills = await repo.countStills(t.db, t.tenantId, {
      landId: q.landId,
      from: dayStart(r.from, t.timeZone),
      to: dayEnd(r.to, t.timeZone),
    });
    return { ...r, stills, cameraIds: await repo.plotCameraIds(t.db, t.tenantId, q.landId) };
  }

  /** Queues a time-lapse (202); the caller kicks the runner once this transaction is committed. */
  async create(ctx: Ctx, b: CreateBody): Promise<Timelapse> {
    requireCameraAccess(ctx, CAMERA_ACCESS.view);
    return ctx.transact(async (db) => {
      const t = { ...ctx, db } as TenantCtx;
      const { plot, batch } = await this.target(t, b.landId, b.batchId);
      const r = await this.range(t, b.landId, batch);
      const from = b.from ?? r.from;
      const to = b.to ?? (b.from && b.from > r.to ? b.from : r.to);
      if (to < from) throw TimelapseErrors.rangeOrder();
      const fromAt = dayStart(from, t.timeZone);
      const toAt = dayEnd(to, t.timeZone);
      const stills = await repo.countStills(t.db, t.tenantId, {
        landId: b.landId,
        cameraId: b.cameraId,
        from: fromAt,
        to: toAt,
      });
      if (stills < 2) throw TimelapseErrors.tooFewStills({ stills });
      if ((await repo.pendingTimelapses(t.db, t.tenantId)).length > 0) throw TimelapseErrors.busy();
      const id = await repo.insertTimelapse(t.db, t.tenantId, t.user.id, {
        areaId: plot.areaId,
        landId: b.landId,
        batchId: batch?.id ?? null,
        cameraId: b.cameraId ?? null,
        fromDay: from,
        toDay: to,
        fromAt,
        toAt,
        timeZone: t.timeZone,
        fps: b.fps,
        quality: b.quality,
      });
      if (id === undefined) throw TimelapseErrors.busy();
      return this.one(t, id);
    });
  }

  private async one(t: TenantCtx, id: number): Promise<Timelapse> {
    const r = await repo.findTimelapse(t.db, t.tenantId, id);
    if (!r) throw TimelapseErrors.notFound();
    return toTimelapse(r);
  }

  async get(ctx: Ctx, id: number): Promise<Timelapse> {
    requireCameraAccess(ctx, CAMERA_ACCESS.view);
    return this.one(ctx as TenantCtx, id);
  }

  async list(ctx: Ctx, q: TimelapseListQuery): Promise<Page<Timelapse>> {
    requireCameraAccess(ctx, CAMERA_ACCESS.view);
    const t = ctx as TenantCtx;
    const { limit, offset } = pageWindow(q);
    const { rows, total } = await repo.listTimelapses(t.db, t.tenantId, q, limit, offset);
    return pageAnswer(rows.map(toTimelapse), total, q);
  }

  /** Deletes the row and its MP4; one being made answers 409 (it is deleted once done or failed). */
  async remove(ctx: Ctx, id: number, version: number | undefined): Promise<{ success: boolean }> {
    requireCameraAccess(ctx, CAMERA_ACCESS.view);
    const t = ctx as TenantCtx;
    const r = await repo.findTimelapse(t.db, t.tenantId, id);
    if (!r) throw TimelapseErrors.notFound();
    if (version !== undefined && version !== r.objectVersionNumber) throw CommonErrors.stale();
    if (r.status === 'running') throw TimelapseErrors.running();
    await repo.deleteTimelapse(t.db, t.tenantId, id);
    if (r.videoPath) await this.storage.remove(r.videoPath);
    return { success: true };
  }

  /** The MP4, whole or one byte range at a time (the player seeks with ranges). */
  async video(ctx: Ctx, id: number): Promise<RangedFile> {
    requireCameraAccess(ctx, CAMERA_ACCESS.view);
    const r = await ctx.transact((db) => repo.findTimelapse(db, ctx.tenantId as number, id));
    if (!r) throw TimelapseErrors.notFound();
    if (r.status !== 'done' || !r.videoPath) throw TimelapseErrors.notReady();
    // video_path is the storage key the runner wrote (storage refuses any that climbs).
    const file = await rangedFile(this.storage, r.videoPath, {
      contentType: 'video/mp4',
      fileName: `${r.landName ?? 'plot'}-${r.fromDay}_${r.toDay}.mp4`.replace(/[\\/]/g, '_'),
    });
    if (!file) throw TimelapseErrors.notFound();
    return file;
  }
}
