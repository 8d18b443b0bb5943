import { deviceTypeByKey } from '@tilth/contracts/device-types';
import type {
  Hotspot,
  HotspotState,
  Scene,
  SceneCreateBody,
  SceneUpdateBody,
} from '@tilth/contracts/vr.types';
import { VISUAL_DEFAULT, VR_SCENES_MAX } from '@tilth/contracts/vr.types';
import type { Db } from '../../../platform/db/client.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import type { Lang } from '../../../platform/i18n/lang.js';
import { type PanoramaRef, panoramaRefs } from '../panorama/index.js';
import {
  countScenes,
  deleteScene,
  findScene,
  insertScene,
  listScenes,
  replaceHotspots,
  type SceneRow,
  setSortOrder,
  updateScene,
} from './scene.repository.js';
import { TourErrors } from './tour.errors.js';
import { findTour, lockTour } from './tour.repository.js';
import { checkHotspotRefs, parseHotspots, parseVisual, requireOwnFiles } from './tour.rules.js';
import { readyPanorama, VR_ACCESS } from './tour.service.js';
import { type DeviceState, hotspotDeviceState } from './tour-refs.repository.js';

const EMPTY_REF = {
  panoramaImages: '',
  panoramaPreview: '',
  panoramaThumb: '',
  panoramaName: '',
  tiles: null,
};

export const toScene = (r: SceneRow, p: Pick<PanoramaRef, keyof typeof EMPTY_REF> | undefined): Scene => {
  const ref = p ?? EMPTY_REF;
  return {
    scenesId: r.id,
    scenesName: r.name,
    vrId: r.vrId,
    panoramaId: r.panoramaId,
    sortOrder: r.sortOrder,
    thumbUrl: ref.panoramaThumb,
    previewUrl: ref.panoramaPreview,
    images: ref.panoramaImages,
    scenesCover: r.cover,
    visualJson: JSON.stringify(r.visual),
    hotSpotJson: JSON.stringify(r.hotspots),
    panorama: {
      panoramaId: r.panoramaId,
      panoramaName: ref.panoramaName,
      panoramaImages: ref.panoramaImages,
      panoramaPreview: ref.panoramaPreview,
      panoramaThumb: ref.panoramaThumb,
      tiles: ref.tiles,
    },
    objectVersionNumber: r.objectVersionNumber,
  };
};

/** A device hotspot's state as the console and the public page show it (labels in `lang`). */
export const hotspotStateOf = (h: Hotspot, s: DeviceState, lang: Lang): HotspotState => {
  const d = h.content.device;
  const metrics = deviceTypeByKey(s.typeKey)?.metrics ?? [];
  const values = metrics.flatMap((m) => {
    const value = s.latest[m.key];
    if (typeof value !== 'number') return [];
    const state = m.states?.find((x) => x.value === value);
    return [{ key: m.key, label: m.name[lang], value, unit: m.unit, text: state ? state.name[lang] : null }];
  });
  return {
    name: s.name,
    deviceType: d?.deviceType ?? 'camera',
    online: s.online,
    values,
    latestAt: s.latestAt ? s.latestAt.toISOString() : null,
  };
};

/** The live state of device hotspot `name` of scene `sceneId`; undefined when there is none such. */
export const deviceHotspotState = async (
  db: Db,
  tenantId: number,
  scene: SceneRow,
  name: string,
  lang: Lang,
): Promise<HotspotState | undefined> => {
  const h = scene.hotspots.find((x) => x.name === name && x.HType === 2);
  const d = h?.content.device;
  if (!h || !d) return undefined;
  const s = await hotspotDeviceState(db, tenantId, d);
  return s ? hotspotStateOf(h, s, lang) : undefined;
};

/** Scenes of a tour (panorama-scenes, spec 03 §7): at most 10, at least 1, each with view and hotspots. */
export class SceneService {
  async list(ctx: Ctx, vrId: number): Promise<Scene[]> {
    requireTenant(ctx);
    requireAccess(ctx, VR_ACCESS.view);
    if (!(await findTour(ctx.db, ctx.tenantId, vrId))) throw TourErrors.notFound();
    return this.scenesOf(ctx, vrId);
  }

  /** Adds one scene at the end (one request per panorama); the name defaults to the panorama's. */
  async create(ctx: Ctx, body: SceneCreateBody): Promise<Scene> {
    requireTenant(ctx);
    requireAccess(ctx, VR_ACCESS.edit);
    if (!(await lockTour(ctx.db, ctx.tenantId, body.vrId))) throw TourErrors.notFound();
    if ((await countScenes(ctx.db, ctx.tenantId, body.vrId)) + 1 > VR_SCENES_MAX)
      throw TourErrors.scenesTooMany();
    const p = await readyPanorama(ctx, body.panoramaId);
    const row = await insertScene(ctx.db, ctx.tenantId, body.vrId, ctx.user.id, {
      name: body.scenesName?.trim() || p.panoramaName,
      panoramaId: p.panoramaId,
      cover: '',
      visual: VISUAL_DEFAULT,
      hotspots: [],
    });
    return toScene(row, p);
  }

  /** Saves a scene's name, cover, view and hotspots (objectVersionNumber: stale → 409, nothing written). */
  async update(ctx: Ctx, body: SceneUpdateBody): Promise<{ objectVersionNumber: number; scene: Scene }> {
    requireTenant(ctx);
    requireAccess(ctx, VR_ACCESS.edit);
    const current = await this.scene(ctx, body.scenesId);
    if (current.vrId !== body.vrId) throw TourErrors.sceneMoved();
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    const panorama =
      body.panoramaId === current.panoramaId
        ? (await panoramaRefs(ctx.db, ctx.tenantId, [current.panoramaId]))[0]
        : await readyPanorama(ctx, body.panoramaId);
    const cover = (body.scenesCover ?? current.cover).trim();
    if (cover) await requireOwnFiles(ctx, [cover], 'scenesCover');
    const visual = parseVisual(body.visualJson);
    const hotspots = parseHotspots(body.hotSpotJson);
    const siblings = new Set((await listScenes(ctx.db, ctx.tenantId, current.vrId)).map((s) => s.id));
    await checkHotspotRefs(ctx, hotspots, current.id, siblings);
    const row = await updateScene(ctx.db, ctx.tenantId, current.id, body.objectVersionNumber, ctx.user.id, {
      name: body.scenesName?.trim() || current.name,
      panoramaId: body.panoramaId,
      cover,
      visual,
      hotspots,
    });
    if (!row) throw CommonErrors.stale();
    return { objectVersionNumber: row.objectVersionNumber, scene: toScene(row, panorama) };
  }

  /** Deletes a scene (never the last); switch hotspots of its siblings that led to it go with it. */
  async remove(ctx: Ctx, scenesId: number): Promise<1> {
    requireTenant(ctx);
    requireAccess(ctx, VR_ACCESS.edit);
    const found = await this.scene(ctx, scenesId);
    await lockTour(ctx.db, ctx.tenantId, found.vrId);
    const scenes = await listScenes(ctx.db, ctx.tenantId, found.vrId);
    if (!scenes.some((s) => s.id === scenesId)) throw TourErrors.sceneNotFound();
    if (scenes.length <= 1) throw TourErrors.sceneRequired();
    for (const s of scenes) {
      if (s.id === scenesId) continue;
      const kept = s.hotspots.filter((h) => !(h.HType === 1 && h.content.scenesId === scenesId));
      if (kept.length !== s.hotspots.length)
        await replaceHotspots(ctx.db, ctx.tenantId, s.id, ctx.user.id, kept);
    }
    await deleteScene(ctx.db, ctx.tenantId, scenesId);
    return 1;
  }

  /** The strip's new order: every scene of the tour exactly once. */
  async reorder(ctx: Ctx, vrId: number, scenesIds: number[]): Promise<Scene[]> {
    requireTenant(ctx);
    requireAccess(ctx, VR_ACCESS.edit);
    if (!(await lockTour(ctx.db, ctx.tenantId, vrId))) throw TourErrors.notFound();
    const scenes = await listScenes(ctx.db, ctx.tenantId, vrId);
    const want = new Set(scenesIds);
    if (want.size !== scenesIds.length || want.size !== scenes.length || scenes.some((s) => !want.has(s.id)))
      throw TourErrors.sceneOrder();
    for (const [i, id] of scenesIds.entries()) await setSortOrder(ctx.db, ctx.tenantId, id, i);
    return this.scenesOf(ctx, vrId);
  }

  /** The signed-in preview's device popup: values and online state of one device hotspot. */
  async hotspotState(ctx: Ctx, scenesId: number, name: string): Promise<HotspotState> {
    requireTenant(ctx);
    requireAccess(ctx, VR_ACCESS.view);
    const scene = await this.scene(ctx, scenesId);
    const state = await deviceHotspotState(ctx.db, ctx.tenantId, scene, name, ctx.lang);
    if (!state) throw CommonErrors.notFound();
    return state;
  }

  private async scene(ctx: TenantCtx, id: number): Promise<SceneRow> {
    const row = await findScene(ctx.db, ctx.tenantId, id);
    if (!row) throw TourErrors.sceneNotFound();
    return row;
  }

  private async scenesOf(ctx: TenantCtx, vrId: number): Promise<Scene[]> {
    const rows = await listScenes(ctx.db, ctx.tenantId, vrId);
    const refs = await panoramaRefs(ctx.db, ctx.tenantId, [...new Set(rows.map((r) => r.panoramaId))]);
    const byId = new Map(refs.map((p) => [p.panoramaId, p]));
    return rows.map((r) => toScene(r, byId.get(r.panoramaId)));
  }
}
