import type {
  CaptureSchedule,
  ScheduleCreateBody,
  ScheduleUpdateBody,
  SeedlingImage,
  SeedlingQuery,
  SplitTemplate,
  SplitTemplateCreateBody,
  SplitTemplateUpdateBody,
  TimingListQuery,
} from '@tilth/contracts/camera-capture.types';
import type { Page } from '@tilth/contracts/common.types';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { fileUrlOf } from '../../messaging/file/index.js';
import { CAMERA_ACCESS, loadCamera, ownCamera, requireCameraAccess, toCamera } from './camera.access.js';
import { CameraErrors } from './camera.errors.js';
import * as repo from './camera.repository.js';
import * as cap from './camera-capture.repository.js';

// Timed-capture schedules, seedling-situation stills, split-screen templates and a camera's data panel.

const toSchedule = (r: cap.ScheduleRow): CaptureSchedule => ({
  id: r.id,
  cameraId: r.cameraId,
  cameraName: r.cameraName,
  intervalMin: r.intervalMin,
  durationMin: r.durationMin,
  startTime: r.startTime,
  presetIndex: r.presetIndex,
  active: r.active,
  lastSlotAt: r.lastSlotAt?.toISOString() ?? null,
  objectVersionNumber: r.objectVersionNumber,
});

export const toSeedling = (r: cap.SeedlingRow): SeedlingImage => ({
  id: r.id,
  cameraId: r.cameraId,
  cameraName: r.cameraName,
  areaId: r.areaId,
  landId: r.landId,
  landName: r.landName,
  fileUrl: fileUrlOf(r.tenantId, r.fileId),
  takenAt: r.takenAt.toISOString(),
  source: r.source,
});

const toTemplate = (r: cap.TemplateRow): SplitTemplate => ({
  id: r.id,
  name: r.name,
  layout: r.layout,
  cells: r.cells,
  objectVersionNumber: r.objectVersionNumber,
  creationDate: r.creationDate.toISOString(),
});

export class CameraCaptureService {
  // ---- Schedules (GET /wfpe/v2/{t}/device/camera/timing/list and its writes) ----

  async schedules(ctx: Ctx, q: TimingListQuery): Promise<Page<CaptureSchedule>> {
    requireCameraAccess(ctx, CAMERA_ACCESS.view);
    const t = ctx as TenantCtx;
    const { limit, offset } = pageWindow(q);
    const { rows, total } = await cap.listSchedules(t.db, t.tenantId, q.cameraId, limit, offset);
    return pageAnswer(rows.map(toSchedule), total, q);
  }

  private async scheduleValues(ctx: Ctx, b: ScheduleCreateBody): Promise<cap.ScheduleValues> {
    const { cam } = await ownCamera(ctx, b.cameraId);
    return {
      cameraId: cam.id,
      intervalMin: b.intervalMin,
      durationMin: b.durationMin,
      startTime: b.startTime,
      presetIndex: b.presetIndex ?? null,
      active: b.active,
    };
  }

  async createSchedule(ctx: Ctx, b: ScheduleCreateBody): Promise<CaptureSchedule> {
    requireCameraAccess(ctx, CAMERA_ACCESS.edit);
    const t = ctx as TenantCtx;
    const id = await cap.insertSchedule(t.db, t.tenantId, t.user.id, await this.scheduleValues(ctx, b));
    return this.schedule(t, id);
  }

  async updateSchedule(ctx: Ctx, b: ScheduleUpdateBody): Promise<CaptureSchedule> {
    requireCameraAccess(ctx, CAMERA_ACCESS.edit);
    const t = ctx as TenantCtx;
    const current = await cap.findSchedule(t.db, t.tenantId, b.id);
    if (!current) throw CameraErrors.scheduleNotFound();
    if (current.objectVersionNumber !== b.objectVersionNumber) throw CommonErrors.stale();
    const v = await this.scheduleValues(ctx, b);
    if (!(await cap.updateSchedule(t.db, t.tenantId, b.id, b.objectVersionNumber, t.user.id, v))) {
      throw CommonErrors.stale();
    }
    return this.schedule(t, b.id);
  }

  async deleteSchedule(ctx: Ctx, id: number, version: number | undefined): Promise<{ success: boolean }> {
    requireCameraAccess(ctx, CAMERA_ACCESS.edit);
    const t = ctx as TenantCtx;
    const current = await cap.findSchedule(t.db, t.tenantId, id);
    if (!current) throw CameraErrors.scheduleNotFound();
    if (version !== undefined && version !== current.objectVersionNumber) throw CommonErrors.stale();
    await cap.deleteSchedule(t.db, t.tenantId, id);
    return { success: true };
  }

  private async schedule(t: TenantCtx, id: number): Promise<CaptureSchedule> {
    const r = await cap.findSchedule(t.db, t.tenantId, id);
    if (!r) throw CameraErrors.scheduleNotFound();
    return toSchedule(r);
  }

  // ---- Seedling situation ----

  /** GET camera/img/seedling: stills, newest first. */
  async seedlingImages(ctx: Ctx, q: SeedlingQuery): Promise<Page<SeedlingImage>> {
    requireCameraAccess(ctx, CAMERA_ACCESS.view);
    const t = ctx as TenantCtx;
    const { limit, offset } = pageWindow(q);
    const { rows, total } = await cap.listSeedlings(
      t.db,
      t.tenantId,
      {
        cameraId: q.cameraId,
        landId: q.landId,
        areaId: q.areaId,
        from: q.startTime ? new Date(q.startTime) : undefined,
        to: q.endTime ? new Date(q.endTime) : undefined,
      },
      limit,
      offset,
    );
    return pageAnswer(rows.map(toSeedling), total, q);
  }

  /** GET /wfpe/v2/{t}/camera/seedling-situation: per plot, the count and the newest still. */
  async seedlingSituation(ctx: Ctx, f: { areaId?: number | undefined; landId?: number | undefined }) {
    requireCameraAccess(ctx, CAMERA_ACCESS.view);
    const t = ctx as TenantCtx;
    const groups = await cap.seedlingByLand(t.db, t.tenantId, f);
    const latest = new Map(
      (
        await cap.seedlingsById(
          t.db,
          t.tenantId,
          groups.map((g) => g.latestId),
        )
      ).map((r) => [r.id, r]),
    );
    return groups.map((g) => {
      const l = latest.get(g.latestId);
      return {
        landId: g.landId,
        landName: l?.landName ?? null,
        areaId: g.areaId,
        images: g.images,
        latest: l ? toSeedling(l) : null,
      };
    });
  }

  // ---- Split-screen templates (the caller's own) ----

  private async checkCells(
    ctx: TenantCtx,
    layout: number,
    cells: { index: number; cameraId: number | null }[],
  ) {
    if (cells.some((c) => c.index >= layout)) throw CameraErrors.cellsOverLayout({ layout });
    for (const c of cells) if (c.cameraId !== null) await loadCamera(ctx, c.cameraId);
  }

  async templates(ctx: Ctx): Promise<SplitTemplate[]> {
    requireCameraAccess(ctx, CAMERA_ACCESS.view);
    const t = ctx as TenantCtx;
    return (await cap.listTemplates(t.db, t.tenantId, t.user.id)).map(toTemplate);
  }

  async template(ctx: Ctx, id: number): Promise<SplitTemplate> {
    requireCameraAccess(ctx, CAMERA_ACCESS.view);
    const t = ctx as TenantCtx;
    const r = await cap.findTemplate(t.db, t.tenantId, t.user.id, id);
    if (!r) throw CameraErrors.templateNotFound();
    return toTemplate(r);
  }

  async createTemplate(ctx: Ctx, b: SplitTemplateCreateBody): Promise<SplitTemplate> {
    requireCameraAccess(ctx, CAMERA_ACCESS.view);
    const t = ctx as TenantCtx;
    await this.checkCells(t, b.layout, b.cells);
    return toTemplate(await cap.insertTemplate(t.db, t.tenantId, t.user.id, b));
  }

  async updateTemplate(ctx: Ctx, b: SplitTemplateUpdateBody): Promise<SplitTemplate> {
    requireCameraAccess(ctx, CAMERA_ACCESS.view);
    const t = ctx as TenantCtx;
    const current = await cap.findTemplate(t.db, t.tenantId, t.user.id, b.id);
    if (!current) throw CameraErrors.templateNotFound();
    if (current.objectVersionNumber !== b.objectVersionNumber) throw CommonErrors.stale();
    await this.checkCells(t, b.layout, b.cells);
    const r = await cap.updateTemplate(t.db, t.tenantId, t.user.id, b.id, b.objectVersionNumber, {
      name: b.name,
      layout: b.layout,
      cells: b.cells,
    });
    if (!r) throw CommonErrors.stale();
    return toTemplate(r);
  }

  async deleteTemplate(ctx: Ctx, id: number): Promise<{ success: boolean }> {
    requireCameraAccess(ctx, CAMERA_ACCESS.view);
    const t = ctx as TenantCtx;
    if (!(await cap.findTemplate(t.db, t.tenantId, t.user.id, id))) throw CameraErrors.templateNotFound();
    await cap.deleteTemplate(t.db, t.tenantId, t.user.id, id);
    return { success: true };
  }

  /** GET camera/{id}/data: the camera, its presets and schedules, and its newest still. */
  async data(ctx: Ctx, id: number) {
    requireCameraAccess(ctx, CAMERA_ACCESS.view);
    const { ctx: t, cam } = await loadCamera(ctx, id);
    const own = cam.tenantId === t.tenantId;
    const presets = own ? await repo.listPresets(t.db, t.tenantId, cam.id) : [];
    const schedules = own ? (await cap.listSchedules(t.db, t.tenantId, cam.id)).rows : [];
    const latest = own
      ? (await cap.listSeedlings(t.db, t.tenantId, { cameraId: cam.id }, 1)).rows[0]
      : undefined;
    return {
      camera: toCamera(t, cam),
      presets: presets.map((p) => ({
        id: p.id,
        cameraId: p.cameraId,
        index: p.presetIndex,
        name: p.name,
        creationDate: p.creationDate.toISOString(),
      })),
      schedules: schedules.map(toSchedule),
      latestImage: latest ? toSeedling(latest) : null,
    };
  }
}
