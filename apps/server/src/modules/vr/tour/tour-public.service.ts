import type { Readable } from 'node:stream';
import type { ImageQuery } from '@tilth/contracts/file.types';
import type { Hotspot, HotspotState, PublicVr } from '@tilth/contracts/vr.types';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import type { Platform } from '../../../platform/platform.js';
import type { FileService } from '../../messaging/file/index.js';
import { openPanoramaAsset, type PanoramaAsset, panoramaRefs, panoramaUrls } from '../panorama/index.js';
import { listScenes, type SceneRow } from './scene.repository.js';
import { deviceHotspotState } from './scene.service.js';
import { findTourByToken, type TourRow } from './tour.repository.js';
import { isIconFile, ownFileId } from './tour.rules.js';
import { tenantBrand } from './tour-refs.repository.js';

// A published tour, read by anyone holding its link. Everything it answers is reached through the token;
// whatever is not part of the tour — a wrong token, another panorama, a device not shown, a file not
// shown — answers the same 404, so the link reveals nothing else of the tenant.

const gone = () => CommonErrors.notFound();
const prefixOf = (tenantId: number, token: string) => `/wfpf/v1/public/${tenantId}/vr/${token}`;

interface Published {
  tenantId: number;
  tour: TourRow;
  scenes: SceneRow[];
}

/** A hotspot as a visitor sees it: devices by type and name only, album pictures through the link. */
const publicHotspot = (h: Hotspot, tenantId: number, prefix: string): Hotspot => {
  const icon = isIconFile(h.url) ? ownFileId(h.url, tenantId) : undefined;
  return publicContent(icon ? { ...h, url: `${prefix}/image/${icon}` } : h, tenantId, prefix);
};

const publicContent = (h: Hotspot, tenantId: number, prefix: string): Hotspot => {
  if (h.HType === 2) {
    const d = h.content.device;
    return { ...h, content: d ? { device: { deviceType: d.deviceType, name: d.name } } : {} };
  }
  if (h.HType === 3) {
    const images = (h.content.images ?? []).flatMap((u) => {
      const id = ownFileId(u, tenantId);
      return id ? [`${prefix}/image/${id}`] : [];
    });
    return { ...h, content: { images } };
  }
  return h;
};

/** File ids a published tour shows (album and icon pictures, the company logo): the only files its link serves. */
const shownFileIds = (p: Published, logoUrl: string | null): Set<string> => {
  const ids = new Set<string>();
  for (const s of p.scenes)
    for (const h of s.hotspots) {
      const icon = isIconFile(h.url) ? ownFileId(h.url, p.tenantId) : undefined;
      if (icon) ids.add(icon);
      if (h.HType === 3)
        for (const u of h.content.images ?? []) {
          const id = ownFileId(u, p.tenantId);
          if (id) ids.add(id);
        }
    }
  const logo = logoUrl ? ownFileId(logoUrl, p.tenantId) : undefined;
  if (logo) ids.add(logo);
  return ids;
};

export class TourPublicService {
  constructor(
    private readonly platform: Platform,
    private readonly files: FileService,
  ) {}

  async view(ctx: Ctx, token: string): Promise<PublicVr> {
    const p = await this.published(ctx, token);
    const prefix = prefixOf(p.tenantId, token);
    const refs = await ctx.transact((db) =>
      panoramaRefs(db, p.tenantId, [...new Set(p.scenes.map((s) => s.panoramaId))]),
    );
    const byId = new Map(refs.map((r) => [r.panoramaId, r]));
    const brand = await ctx.transact((db) => tenantBrand(db, p.tenantId));
    const logoId = brand.logoUrl ? ownFileId(brand.logoUrl, p.tenantId) : undefined;
    return {
      vrName: p.tour.name,
      description: p.tour.description,
      companyName: brand.companyName,
      logoUrl: logoId
        ? `${prefix}/image/${logoId}`
        : /^https?:\/\//i.test(brand.logoUrl ?? '')
          ? brand.logoUrl
          : null,
      scenes: p.scenes.flatMap((s) => {
        const ref = byId.get(s.panoramaId);
        if (ref?.status !== 'ready') return [];
        const urls = panoramaUrls(`${prefix}/panorama`, { id: ref.panoramaId, assetKey: ref.assetKey });
        return [
          {
            scenesId: s.id,
            scenesName: s.name,
            thumbUrl: urls.panoramaThumb,
            previewUrl: urls.panoramaPreview,
            images: urls.panoramaImages,
            tiles: ref.tiles,
            visualJson: JSON.stringify(s.visual),
            hotSpotJson: JSON.stringify(s.hotspots.map((h) => publicHotspot(h, p.tenantId, prefix))),
          },
        ];
      }),
    };
  }

  /** A preview, thumbnail or tile of a panorama one of the tour's scenes shows, under its current key. */
  async asset(
    ctx: Ctx,
    token: string,
    panoramaId: number,
    assetKey: string,
    asset: PanoramaAsset,
  ): Promise<{ body: Readable; size?: number }> {
    const p = await this.published(ctx, token);
    if (!p.scenes.some((s) => s.panoramaId === panoramaId)) throw gone();
    const out = await openPanoramaAsset(this.platform, p.tenantId, panoramaId, assetKey.toLowerCase(), asset);
    if (!out) throw gone();
    return out;
  }

  /** A picture the tour shows (album or logo), resized as the file domain does for public pages. */
  async file(ctx: Ctx, token: string, fileId: string, q: ImageQuery) {
    const p = await this.published(ctx, token);
    const brand = await ctx.transact((db) => tenantBrand(db, p.tenantId));
    if (!shownFileIds(p, brand.logoUrl).has(fileId.toLowerCase())) throw gone();
    return this.files.publicImage(ctx, fileId.toLowerCase(), q);
  }

  /** A device hotspot's read-only state: name, type, online and latest values (cameras: online only). */
  async hotspotState(ctx: Ctx, token: string, scenesId: number, name: string): Promise<HotspotState> {
    const p = await this.published(ctx, token);
    const scene = p.scenes.find((s) => s.id === scenesId);
    if (!scene) throw gone();
    const state = await ctx.transact((db) => deviceHotspotState(db, p.tenantId, scene, name, ctx.lang));
    if (!state) throw gone();
    return state;
  }

  private async published(ctx: Ctx, token: string): Promise<Published> {
    requireAccess(ctx, 'public');
    const tenantId = ctx.tenantId;
    if (tenantId === null) throw gone();
    return ctx.transact(async (db) => {
      const tour = await findTourByToken(db, tenantId, token);
      // A disabled tour is not shown even while its link exists.
      if (tour?.enabledFlag !== 1) throw gone();
      return { tenantId, tour, scenes: await listScenes(db, tenantId, tour.id) };
    });
  }
}
