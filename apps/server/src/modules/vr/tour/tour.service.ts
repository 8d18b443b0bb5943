import { randomBytes } from 'node:crypto';
import type { Page } from '@tilth/contracts/common.types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import {
  VISUAL_DEFAULT,
  VR_SCENES_MAX,
  type Vr,
  type VrCreateBody,
  type VrListQuery,
  type VrUpdateBody,
} from '@tilth/contracts/vr.types';
import { containsFilter } from '../../../platform/db/like.js';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { FARM_BASE, findBase } from '../../farm/area/index.js';
import { type PanoramaRef, panoramaRefs } from '../panorama/index.js';
import { insertScene } from './scene.repository.js';
import { TourErrors } from './tour.errors.js';
import {
  deleteTour,
  findTour,
  insertTour,
  listTours,
  lockTour,
  setPublicToken,
  setTourAreas,
  type TourListRow,
  type TourRow,
  tourAreas,
  updateTour,
} from './tour.repository.js';
import { requireOwnFiles } from './tour.rules.js';

export const VR_ACCESS = {
  view: 'wfpf.company.system.vr-video',
  create: 'wfpf.company.system.vr-video.ps.create',
  edit: 'wfpf.company.system.vr-video.ps.edit',
  delete: 'wfpf.company.system.vr-video.ps.delete',
  publish: 'wfpf.company.system.vr-video.ps.publish',
} as const satisfies Record<string, PermissionCode>;

/** The console path of a published tour's public page. */
export const publicPathOf = (tenantId: number, token: string | null): string | null =>
  token ? `/vr/${tenantId}/${token}` : null;

const toVr = (r: TourListRow, area: Vr['area']): Vr => ({
  vrId: r.id,
  vrName: r.name,
  vrCover: r.cover,
  description: r.description,
  area,
  areaId: area.map((a) => a.areaId),
  enabledFlag: r.enabledFlag === 0 ? 0 : 1,
  sceneCount: r.sceneCount,
  publicPath: publicPathOf(r.tenantId, r.publicToken),
  objectVersionNumber: r.objectVersionNumber,
  creationDate: r.creationDate.toISOString(),
  lastUpdateDate: r.lastUpdateDate.toISOString(),
});

/** A panorama a scene may show: this tenant's, enabled and processed. */
export const readyPanorama = async (ctx: TenantCtx, panoramaId: number): Promise<PanoramaRef> => {
  const [p] = await panoramaRefs(ctx.db, ctx.tenantId, [panoramaId]);
  if (p?.status !== 'ready' || p.enabledFlag !== 1) throw TourErrors.panoramaNotReady();
  return p;
};

type Basics = Pick<VrCreateBody, 'vrName' | 'vrCover' | 'description' | 'areaId'>;

/** Tours of /system/vr-video: basics, bases and the public link; scenes are scene.service.ts. */
export class TourService {
  async list(ctx: Ctx, q: VrListQuery): Promise<Page<Vr>> {
    requireTenant(ctx);
    requireAccess(ctx, VR_ACCESS.view);
    const w = pageWindow(q);
    const { rows, total } = await listTours(
      ctx.db,
      ctx.tenantId,
      { vrName: containsFilter(q.vrName), areaId: q.areaId, enabledFlag: q.enabledFlag },
      w.limit,
      w.offset,
    );
    const areas = await tourAreas(
      ctx.db,
      ctx.tenantId,
      rows.map((r) => r.id),
    );
    return pageAnswer(
      rows.map((r) => toVr(r, areas.get(r.id) ?? [])),
      total,
      q,
    );
  }

  async get(ctx: Ctx, vrId: number): Promise<Vr> {
    requireTenant(ctx);
    requireAccess(ctx, VR_ACCESS.view);
    return this.view(ctx, vrId);
  }

  /** The tour and its first scenes (1–10 ready panoramas, each named after its panorama) at once. */
  async create(ctx: Ctx, body: VrCreateBody): Promise<Vr> {
    requireTenant(ctx);
    requireAccess(ctx, VR_ACCESS.create);
    const b = await this.checkBasics(ctx, body);
    if (body.panoramaIds.length === 0) throw TourErrors.sceneRequired();
    if (body.panoramaIds.length > VR_SCENES_MAX) throw TourErrors.scenesTooMany();
    const refs = [];
    for (const id of body.panoramaIds) refs.push(await readyPanorama(ctx, id));
    const row = await insertTour(ctx.db, ctx.tenantId, ctx.user.id, { ...b.values, enabledFlag: 1 });
    await setTourAreas(ctx.db, ctx.tenantId, row.id, b.areaIds);
    for (const p of refs) {
      await insertScene(ctx.db, ctx.tenantId, row.id, ctx.user.id, {
        name: p.panoramaName,
        panoramaId: p.panoramaId,
        cover: '',
        visual: VISUAL_DEFAULT,
        hotspots: [],
      });
    }
    return this.view(ctx, row.id);
  }

  async update(ctx: Ctx, body: VrUpdateBody): Promise<Vr> {
    requireTenant(ctx);
    requireAccess(ctx, VR_ACCESS.edit);
    const current = await this.view(ctx, body.vrId);
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    const b = await this.checkBasics(ctx, body);
    const row = await updateTour(ctx.db, ctx.tenantId, body.vrId, body.objectVersionNumber, ctx.user.id, {
      ...b.values,
      enabledFlag: body.enabledFlag ?? 1,
    });
    if (!row) throw CommonErrors.stale();
    await setTourAreas(ctx.db, ctx.tenantId, body.vrId, b.areaIds);
    return this.view(ctx, body.vrId);
  }

  /** Deletes the tour with its scenes and bases (its public link dies with it). */
  async remove(ctx: Ctx, vrId: number, version: number | undefined): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, VR_ACCESS.delete);
    const row = await lockTour(ctx.db, ctx.tenantId, vrId);
    if (!row) throw TourErrors.notFound();
    if (version !== undefined && version !== row.objectVersionNumber) throw CommonErrors.stale();
    await deleteTour(ctx.db, ctx.tenantId, vrId);
    return { success: true };
  }

  /** Publishes a read-only link: a fresh random token (192 bits, url-safe) each time. */
  async publish(ctx: Ctx, vrId: number): Promise<{ publicPath: string | null }> {
    requireTenant(ctx);
    requireAccess(ctx, VR_ACCESS.publish);
    const row = await this.locked(ctx, vrId);
    const token = row.publicToken ?? randomBytes(24).toString('base64url');
    if (token !== row.publicToken) await setPublicToken(ctx.db, ctx.tenantId, vrId, token);
    return { publicPath: publicPathOf(ctx.tenantId, token) };
  }

  /** Withdraws the link: the token is forgotten, so the very next public request answers 404. */
  async unpublish(ctx: Ctx, vrId: number): Promise<{ publicPath: string | null }> {
    requireTenant(ctx);
    requireAccess(ctx, VR_ACCESS.publish);
    const row = await this.locked(ctx, vrId);
    if (row.publicToken !== null) await setPublicToken(ctx.db, ctx.tenantId, vrId, null);
    return { publicPath: null };
  }

  private async locked(ctx: TenantCtx, vrId: number): Promise<TourRow> {
    const row = await lockTour(ctx.db, ctx.tenantId, vrId);
    if (!row) throw TourErrors.notFound();
    return row;
  }

  private async view(ctx: TenantCtx, vrId: number): Promise<Vr> {
    const row = await findTour(ctx.db, ctx.tenantId, vrId);
    if (!row) throw TourErrors.notFound();
    const areas = await tourAreas(ctx.db, ctx.tenantId, [vrId]);
    return toVr(row, areas.get(vrId) ?? []);
  }

  /** Spec 03 §5 basics: cover, name and at least one base (this tenant's farm bases); trimmed. */
  private async checkBasics(
    ctx: TenantCtx,
    b: Basics,
  ): Promise<{ values: { name: string; cover: string; description: string }; areaIds: number[] }> {
    const cover = b.vrCover.trim();
    const name = b.vrName.trim();
    if (!cover) throw TourErrors.coverRequired();
    if (!name) throw TourErrors.nameRequired();
    const areaIds = [...new Set(b.areaId)];
    if (areaIds.length === 0) throw TourErrors.basesRequired();
    for (const id of areaIds) {
      const base = await findBase(ctx.db, ctx.tenantId, id);
      if (base?.organizationType !== FARM_BASE) throw TourErrors.baseNotFound();
    }
    await requireOwnFiles(ctx, [cover], 'vrCover');
    return { values: { name, cover, description: (b.description ?? '').trim() }, areaIds };
  }
}
