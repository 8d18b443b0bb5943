import {
  CAMERA_SECRET_KEY,
  type Camera,
  type CameraAreaQuery,
  type CameraBatchDelBody,
  type CameraBindingBody,
  type CameraCreateBody,
  type CameraDisableBody,
  type CameraManagerQuery,
  type CameraSaveShareBody,
  type CameraTenantQuery,
  type CameraTransferBody,
  type CameraUpdateBody,
  PROVIDERS_OF_ENTER,
} from '@tilth/contracts/camera.types';
import type { Page } from '@tilth/contracts/common.types';
import { deviceTypeByKey } from '@tilth/contracts/device-types';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { findBase } from '../../farm/area/index.js';
import { findPlot } from '../../farm/land/index.js';
import { isTenantMember } from '../../identity/identity/index.js';
import { findTenant } from '../../identity/tenant/index.js';
import { validateRtspConfig } from '../camera-media/index.js';
import { findDevice } from '../device/index.js';
import {
  CAMERA_ACCESS,
  endStreams,
  loadCamera,
  ownCamera,
  requireCameraAccess,
  toCamera,
} from './camera.access.js';
import { CameraErrors } from './camera.errors.js';
import * as repo from './camera.repository.js';

type Values = repo.CameraValues;

const written = (res: repo.CameraWrite | undefined, v: Partial<Values>): repo.CameraRow | undefined => {
  if (!res) return undefined;
  if ('conflict' in res)
    throw CameraErrors.serialExists({ serial: v.deviceSerial ?? '', channel: v.channelNo ?? 1 });
  return res.row;
};

/** A provider's settings checked (and tidied) before they are stored: RTSP addresses pass the SSRF guard. */
const checkedConfig = (provider: string, config: Record<string, unknown>) =>
  provider === 'rtsp' ? validateRtspConfig(config) : Promise.resolve(config);

/** The provider a camera uses: its access method's, or demo / rtsp for ours (cameraEnter 5). */
const providerFor = (enter: number, asked: string | undefined): string => {
  const allowed = PROVIDERS_OF_ENTER[enter] ?? [];
  const p = asked ?? allowed[0];
  if (!p || !allowed.includes(p as never)) {
    throw CameraErrors.providerMismatch({ enter, allowed: allowed.join(', ') });
  }
  return p;
};

export class CameraService {
  /** Base and plot: a plot alone takes its base; both must belong together. */
  async place(
    ctx: TenantCtx,
    areaId: number | null,
    landId: number | null,
  ): Promise<{ areaId: number | null; landId: number | null }> {
    if (landId !== null) {
      const plot = await findPlot(ctx.db, ctx.tenantId, landId);
      if (!plot) throw CameraErrors.landNotFound();
      if (areaId !== null && plot.areaId !== areaId) throw CameraErrors.landOtherBase();
      return { areaId: plot.areaId, landId };
    }
    if (areaId !== null && !(await findBase(ctx.db, ctx.tenantId, areaId))) throw CameraErrors.areaNotFound();
    return { areaId, landId: null };
  }

  private async list(ctx: TenantCtx, f: repo.CameraFilter, q: { page: number; size: number }) {
    await repo.setViewer(ctx.db, ctx.user.id);
    const { limit, offset } = pageWindow(q);
    const { rows, total } = await repo.listCameras(ctx.db, ctx.tenantId, f, limit, offset);
    return pageAnswer(
      rows.map((r) => toCamera(ctx, r)),
      total,
      q,
    );
  }

  /** GET camera/tenant: the tenant's own (owner) and shared-to-it (share) cameras. */
  async tenantCameras(ctx: Ctx, q: CameraTenantQuery): Promise<Page<Camera>> {
    requireCameraAccess(ctx, CAMERA_ACCESS.view);
    return this.list(
      ctx as TenantCtx,
      { relation: q.relation, name: q.name?.trim(), areaId: q.areaId, landId: q.landId },
      q,
    );
  }

  /** GET /wfpe/v2/{t}/camera/page: the camera manager (own cameras only). */
  async managerPage(ctx: Ctx, q: CameraManagerQuery): Promise<Page<Camera>> {
    requireCameraAccess(ctx, [...CAMERA_ACCESS.manager, ...CAMERA_ACCESS.view]);
    return this.list(
      ctx as TenantCtx,
      {
        relation: 'owner',
        name: q.name?.trim(),
        deviceSerial: q.deviceSerial?.trim(),
        // 2 (all) and 0 (all) are no filter.
        cameraType: q.cameraType === 2 ? undefined : q.cameraType,
        cameraEnter: q.cameraEnter === 0 ? undefined : q.cameraEnter,
        areaId: q.areaId,
      },
      q,
    );
  }

  private async requireBase(ctx: Ctx, areaId: number) {
    const t = ctx as TenantCtx;
    const base = await findBase(t.db, t.tenantId, areaId);
    if (!base) throw CameraErrors.baseNotFound();
    return base;
  }

  /** GET camera/{areaId}/all: every camera of a base. */
  async ofBase(ctx: Ctx, areaId: number): Promise<Camera[]> {
    requireCameraAccess(ctx, CAMERA_ACCESS.view);
    await this.requireBase(ctx, areaId);
    return (await this.list(ctx as TenantCtx, { relation: 'owner', areaId }, { page: 0, size: 0 })).content;
  }

  /** GET camera/{areaId}/area: a base's cameras, paged (id, name, deviceSerial). */
  async briefOfBase(ctx: Ctx, areaId: number, q: CameraAreaQuery) {
    requireCameraAccess(ctx, CAMERA_ACCESS.view);
    await this.requireBase(ctx, areaId);
    const page = await this.list(ctx as TenantCtx, { relation: 'owner', areaId, name: q.name?.trim() }, q);
    return {
      ...page,
      content: page.content.map((c) => ({ id: c.id, name: c.name, deviceSerial: c.deviceSerial })),
    };
  }

  async get(ctx: Ctx, id: number): Promise<Camera> {
    requireCameraAccess(ctx, CAMERA_ACCESS.view);
    const r = await loadCamera(ctx, id);
    return toCamera(r.ctx, r.cam);
  }

  async create(ctx: Ctx, b: CameraCreateBody): Promise<Camera> {
    requireCameraAccess(ctx, CAMERA_ACCESS.create);
    const t = ctx as TenantCtx;
    const place = await this.place(t, b.areaId ?? null, b.landId ?? null);
    const v: Values = {
      name: b.name,
      deviceSerial: b.deviceSerial,
      cameraType: b.cameraType,
      cameraEnter: b.cameraEnter,
      provider: providerFor(b.cameraEnter, b.provider),
      channelNo: b.channelNo,
      clarity: b.clarity,
      ...place,
      latlng: b.latlng ?? null,
      isShare: b.isShare,
      sort: b.sort,
      coverImage: b.coverImage ?? null,
      verificationCode: b.verificationCode ?? null,
      config: b.config ?? {},
    };
    v.config = await checkedConfig(v.provider, v.config ?? {});
    if (await repo.serialTaken(t.db, t.tenantId, v.deviceSerial, b.channelNo)) {
      throw CameraErrors.serialExists({ serial: v.deviceSerial, channel: b.channelNo });
    }
    const row = written(await repo.insertCamera(t.db, t.tenantId, t.user.id, v), v);
    return this.get(ctx, row?.id ?? 0);
  }

  /** PUT camera: secrets not sent are kept (the GET never answers them). */
  async update(ctx: Ctx, b: CameraUpdateBody): Promise<Camera> {
    requireCameraAccess(ctx, CAMERA_ACCESS.edit);
    const { ctx: t, cam } = await ownCamera(ctx, b.id);
    if (cam.objectVersionNumber !== b.objectVersionNumber) throw CommonErrors.stale();
    const place = await this.place(
      t,
      b.areaId !== undefined ? b.areaId : cam.areaId,
      b.landId !== undefined
        ? b.landId
        : b.areaId !== undefined && b.areaId !== cam.areaId
          ? null
          : cam.landId,
    );
    let config = cam.config;
    const sent = b.config;
    if (sent !== undefined) {
      const kept = Object.entries(cam.config).filter(([k]) => CAMERA_SECRET_KEY.test(k) && !(k in sent));
      config = { ...sent, ...Object.fromEntries(kept) };
    }
    const v: Partial<Values> = {
      name: b.name,
      deviceSerial: b.deviceSerial,
      cameraType: b.cameraType,
      cameraEnter: b.cameraEnter,
      provider: providerFor(
        b.cameraEnter,
        b.provider ?? (b.cameraEnter === cam.cameraEnter ? cam.provider : undefined),
      ),
      channelNo: b.channelNo ?? cam.channelNo,
      clarity: b.clarity ?? cam.clarity,
      ...place,
      latlng: b.latlng !== undefined ? b.latlng : cam.latlng,
      isShare: b.isShare ?? cam.isShare,
      sort: b.sort ?? cam.sort,
      coverImage: b.coverImage !== undefined ? b.coverImage : cam.coverImage,
      verificationCode: b.verificationCode !== undefined ? b.verificationCode : cam.verificationCode,
      config,
    };
    if (v.provider) v.config = await checkedConfig(v.provider, config);
    if (await repo.serialTaken(t.db, t.tenantId, b.deviceSerial, v.channelNo ?? 1, cam.id)) {
      throw CameraErrors.serialExists({ serial: b.deviceSerial, channel: v.channelNo ?? 1 });
    }
    const row = written(
      await repo.updateCamera(t.db, t.tenantId, cam.id, b.objectVersionNumber, t.user.id, v),
      v,
    );
    if (!row) throw CommonErrors.stale();
    return this.get(ctx, cam.id);
  }

  /** DELETE camera/{id}: 1 on success. */
  async remove(ctx: Ctx, id: number): Promise<1> {
    requireCameraAccess(ctx, CAMERA_ACCESS.delete);
    const { ctx: t, cam } = await ownCamera(ctx, id);
    await repo.deleteCameras(t.db, t.tenantId, [cam.id]);
    endStreams(t.tenantId, [cam.id]);
    return 1;
  }

  /** POST /wfpe/v2/{t}/camera/batch/del: all or nothing (an id not ours is 404, nothing deleted). */
  async batchDelete(ctx: Ctx, body: CameraBatchDelBody): Promise<1> {
    requireCameraAccess(ctx, CAMERA_ACCESS.bulkDelete);
    const t = ctx as TenantCtx;
    const ids = [...new Set(Array.isArray(body) ? body : body.ids)];
    const found = await repo.ownCameras(t.db, t.tenantId, ids);
    if (found.length !== ids.length) throw CameraErrors.notFound();
    await repo.deleteCameras(t.db, t.tenantId, ids);
    endStreams(t.tenantId, ids);
    return 1;
  }

  /** POST /wfpe/v2/{t}/camera/transfer: to a base and a plot of it, both required. */
  async transfer(ctx: Ctx, b: CameraTransferBody): Promise<1> {
    requireCameraAccess(ctx, CAMERA_ACCESS.transfer);
    const t = ctx as TenantCtx;
    if (b.areaId === undefined || b.areaId === null) throw CameraErrors.selectBase();
    if (b.landId === undefined || b.landId === null) throw CameraErrors.selectLand();
    const place = await this.place(t, b.areaId, b.landId);
    const ids = [...new Set(b.ids)];
    const found = await repo.ownCameras(t.db, t.tenantId, ids);
    if (found.length !== ids.length) throw CameraErrors.notFound();
    await repo.moveCameras(t.db, t.tenantId, t.user.id, ids, place.areaId ?? b.areaId, b.landId);
    return 1;
  }

  // ---- Sharing, disabling, binding ----

  async shareStatus(ctx: Ctx, id: number) {
    requireCameraAccess(ctx, CAMERA_ACCESS.view);
    const { ctx: t, cam } = await ownCamera(ctx, id);
    const active = await repo.countActiveShares(t.db, t.tenantId, cam.id);
    return { cameraId: cam.id, isShare: active > 0 ? 1 : 0, activeShares: active };
  }

  async saveShare(ctx: Ctx, b: CameraSaveShareBody) {
    requireCameraAccess(ctx, CAMERA_ACCESS.edit);
    const { ctx: t, cam } = await ownCamera(ctx, b.cameraId);
    const expiresAt = new Date(b.expiresAt);
    if (expiresAt.getTime() <= Date.now()) throw CameraErrors.expiryPast();
    const toTenantId = b.toTenantId ?? t.tenantId;
    const toUserId = b.toUserId ?? null;
    if (toTenantId === t.tenantId && toUserId === null) throw CameraErrors.shareSelf();
    if (toTenantId !== t.tenantId && !(await findTenant(t.db, toTenantId))) throw CameraErrors.shareTarget();
    if (toUserId !== null && !(await isTenantMember(t.db, toTenantId, toUserId)))
      throw CameraErrors.shareTarget();
    const row = await repo.insertShare(t.db, t.tenantId, t.user.id, {
      cameraId: cam.id,
      toTenantId,
      toUserId,
      expiresAt,
    });
    if (cam.isShare !== 1)
      await repo.updateCamera(t.db, t.tenantId, cam.id, undefined, t.user.id, { isShare: 1 });
    return toShare(row);
  }

  async shares(ctx: Ctx, id: number) {
    requireCameraAccess(ctx, CAMERA_ACCESS.view);
    const { ctx: t, cam } = await ownCamera(ctx, id);
    return (await repo.listShares(t.db, t.tenantId, cam.id)).map(toShare);
  }

  /** Ends a share at once (not in the spec's list; docs/api.md). */
  async revokeShare(ctx: Ctx, shareId: number): Promise<{ success: boolean }> {
    requireCameraAccess(ctx, CAMERA_ACCESS.edit);
    const t = ctx as TenantCtx;
    const share = await repo.deleteShare(t.db, t.tenantId, shareId);
    if (!share) throw CameraErrors.shareNotFound();
    endStreams(t.tenantId, [share.cameraId]);
    return { success: true };
  }

  async disable(ctx: Ctx, id: number, b: CameraDisableBody): Promise<Camera> {
    requireCameraAccess(ctx, CAMERA_ACCESS.edit);
    const { ctx: t, cam } = await ownCamera(ctx, id);
    if (b.objectVersionNumber !== undefined && b.objectVersionNumber !== cam.objectVersionNumber) {
      throw CommonErrors.stale();
    }
    const row = await repo.updateCamera(t.db, t.tenantId, cam.id, b.objectVersionNumber, t.user.id, {
      status: b.status,
    });
    if (!row) throw CommonErrors.stale();
    if (b.status !== 1) endStreams(t.tenantId, [cam.id]);
    return this.get(ctx, cam.id);
  }

  /** Binds the camera to a gateway of the tenant (contentratorId), or unbinds it (null). */
  async bind(ctx: Ctx, id: number, b: CameraBindingBody): Promise<Camera> {
    requireCameraAccess(ctx, CAMERA_ACCESS.edit);
    const { ctx: t, cam } = await ownCamera(ctx, id);
    if (b.objectVersionNumber !== undefined && b.objectVersionNumber !== cam.objectVersionNumber) {
      throw CommonErrors.stale();
    }
    if (b.contentratorId !== null) {
      const dev = await findDevice(t.db, t.tenantId, b.contentratorId);
      if (!dev || deviceTypeByKey(dev.typeKey)?.family !== 'gateway') throw CameraErrors.gatewayNotFound();
    }
    const row = await repo.updateCamera(t.db, t.tenantId, cam.id, b.objectVersionNumber, t.user.id, {
      concentratorId: b.contentratorId,
    });
    if (!row) throw CommonErrors.stale();
    return this.get(ctx, cam.id);
  }

  /** GET camera/{areaId}/tree: the base, its plots and the cameras of each. */
  async tree(ctx: Ctx, areaId: number) {
    requireCameraAccess(ctx, CAMERA_ACCESS.view);
    const t = ctx as TenantCtx;
    const base = await this.requireBase(ctx, areaId);
    const cams = await repo.camerasOfBase(t.db, t.tenantId, areaId);
    const brief = (c: (typeof cams)[number]) => ({ id: c.id, name: c.name, deviceSerial: c.deviceSerial });
    const plots = await repo.landsOfBase(t.db, t.tenantId, areaId);
    return {
      areaId,
      areaName: base.areaName,
      cameras: cams.filter((c) => c.landId === null).map(brief),
      lands: plots.map((p) => ({ ...p, cameras: cams.filter((c) => c.landId === p.landId).map(brief) })),
    };
  }
}

const toShare = (r: repo.ShareRow) => ({
  id: r.id,
  cameraId: r.cameraId,
  toTenantId: r.toTenantId,
  toUserId: r.toUserId,
  expiresAt: r.expiresAt.toISOString(),
  expired: r.expiresAt.getTime() <= Date.now(),
  viewOnly: 1 as const,
  creationDate: r.creationDate.toISOString(),
});
