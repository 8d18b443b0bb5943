import type { Page } from '@tilth/contracts/common.types';
import {
  BANNER_PUBLIC_MAX,
  type Banner,
  type BannerListQuery,
  type BannerPlacement,
  type bannerCreateBody,
  type bannerOrderBody,
  type bannerUpdateBody,
  type PublicBanner,
} from '@tilth/contracts/media.types';
import type { z } from 'zod';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import type { FileStorage } from '../../../platform/files/storage.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import { FileService, fileUrlOf } from '../../messaging/file/index.js';
import * as repo from './banner.repository.js';
import { MEDIA_ACCESS } from './media.access.js';
import { MediaErrors } from './media.errors.js';
import { findPicture, replaceUsages } from './picture.repository.js';
import { pictureThumbUrl } from './picture.service.js';

// Banners (issue 19 item 4): a library picture, title, link, placement (login page, farm home, news page),
// order and an optional start / end window. The signed-out call answers only enabled banners inside their
// window, and serves only their pictures.

type CreateBody = z.output<typeof bannerCreateBody>;
type UpdateBody = z.output<typeof bannerUpdateBody>;
type OrderBody = z.output<typeof bannerOrderBody>;

/** The public image of a banner: resized once to fit 1600×1600 and cached by the file module. */
const PUBLIC_IMAGE = { width: 1600, height: 1600, flag: 0 as const };

export const isLive = (b: Pick<repo.BannerRow, 'enabledFlag' | 'startAt' | 'endAt'>, now: Date): boolean =>
  b.enabledFlag === 1 && (!b.startAt || b.startAt <= now) && (!b.endAt || b.endAt > now);

const toBanner = (r: repo.BannerWithPicture, now: Date): Banner => ({
  bannerId: r.id,
  pictureId: r.pictureId,
  src: fileUrlOf(r.tenantId, r.fileId),
  thumbUrl: pictureThumbUrl(r.tenantId, r.pictureId),
  title: r.title,
  linkUrl: r.linkUrl,
  placement: r.placement as BannerPlacement,
  sortOrder: r.sortOrder,
  startAt: r.startAt?.toISOString() ?? null,
  endAt: r.endAt?.toISOString() ?? null,
  enabledFlag: r.enabledFlag === 1 ? 1 : 0,
  live: isLive(r, now),
  objectVersionNumber: r.objectVersionNumber,
});

export const publicBannerImageUrl = (tenantId: number, bannerId: number) =>
  `/wfpf/v1/public/${tenantId}/banners/${bannerId}/image`;

export class BannerService {
  private readonly files: FileService;

  constructor(storage: FileStorage, limits: { uploadLimitBytes: number; imageMaxPixels: number }) {
    this.files = new FileService(storage, limits);
  }

  async list(ctx: Ctx, q: BannerListQuery): Promise<Page<Banner>> {
    requireAccess(ctx, MEDIA_ACCESS.banners);
    requireTenant(ctx);
    const w = pageWindow(q);
    const { rows, total } = await repo.listBanners(ctx.db, ctx.tenantId, q.placement, w.limit, w.offset);
    const now = new Date();
    return pageAnswer(
      rows.map((r) => toBanner(r, now)),
      total,
      q,
    );
  }

  private async values(ctx: Ctx & { tenantId: number }, b: CreateBody): Promise<repo.BannerValues> {
    if (!(await findPicture(ctx.db, ctx.tenantId, b.pictureId))) throw MediaErrors.pictureNotFound();
    return {
      pictureId: b.pictureId,
      title: b.title,
      linkUrl: b.linkUrl ?? null,
      placement: b.placement,
      startAt: b.startAt ? new Date(b.startAt) : null,
      endAt: b.endAt ? new Date(b.endAt) : null,
      enabledFlag: b.enabledFlag ?? 1,
    };
  }

  private async answer(ctx: Ctx & { tenantId: number }, id: number): Promise<Banner> {
    const r = await repo.findBanner(ctx.db, ctx.tenantId, id);
    if (!r) throw MediaErrors.bannerNotFound();
    return toBanner(r, new Date());
  }

  async create(ctx: Ctx, b: CreateBody): Promise<Banner> {
    requireAccess(ctx, MEDIA_ACCESS.editBanners);
    requireTenant(ctx);
    const v = await this.values(ctx, b);
    const sortOrder = await repo.nextSortOrder(ctx.db, ctx.tenantId, b.placement);
    const row = await repo.insertBanner(ctx.db, ctx.tenantId, ctx.user.id, { ...v, sortOrder });
    await replaceUsages(ctx.db, ctx.tenantId, 'banner', row.id, [v.pictureId]);
    return this.answer(ctx, row.id);
  }

  async update(ctx: Ctx, b: UpdateBody): Promise<Banner> {
    requireAccess(ctx, MEDIA_ACCESS.editBanners);
    requireTenant(ctx);
    const current = await repo.findBanner(ctx.db, ctx.tenantId, b.bannerId);
    if (!current) throw MediaErrors.bannerNotFound();
    if (current.objectVersionNumber !== b.objectVersionNumber) throw CommonErrors.stale();
    const v = await this.values(ctx, b);
    // A banner moved to another placement goes to the end of that one.
    const sortOrder =
      v.placement === current.placement
        ? undefined
        : await repo.nextSortOrder(ctx.db, ctx.tenantId, b.placement);
    const row = await repo.updateBanner(
      ctx.db,
      ctx.tenantId,
      b.bannerId,
      b.objectVersionNumber,
      ctx.user.id,
      {
        ...v,
        ...(sortOrder === undefined ? {} : { sortOrder }),
      },
    );
    if (!row) throw CommonErrors.stale();
    await replaceUsages(ctx.db, ctx.tenantId, 'banner', row.id, [v.pictureId]);
    return this.answer(ctx, row.id);
  }

  /** The placement's banners in the given order; the list must name each of them once. */
  async order(ctx: Ctx, b: OrderBody): Promise<Banner[]> {
    requireAccess(ctx, MEDIA_ACCESS.editBanners);
    requireTenant(ctx);
    const ids = await repo.bannerIdsOf(ctx.db, ctx.tenantId, b.placement);
    const asked = new Set(b.bannerIds);
    if (asked.size !== b.bannerIds.length || asked.size !== ids.length || ids.some((id) => !asked.has(id)))
      throw MediaErrors.bannerOrder();
    await repo.setOrder(ctx.db, ctx.tenantId, b.bannerIds, ctx.user.id);
    const { rows } = await repo.listBanners(ctx.db, ctx.tenantId, b.placement, undefined, 0);
    const now = new Date();
    return rows.map((r) => toBanner(r, now));
  }

  async remove(ctx: Ctx, id: number): Promise<{ success: boolean }> {
    requireAccess(ctx, MEDIA_ACCESS.editBanners);
    requireTenant(ctx);
    if (!(await repo.deleteBanner(ctx.db, ctx.tenantId, id))) throw MediaErrors.bannerNotFound();
    await replaceUsages(ctx.db, ctx.tenantId, 'banner', id, []);
    return { success: true };
  }

  /** Signed out: the live banners of one placement of this tenant, in order, at most BANNER_PUBLIC_MAX. */
  async live(ctx: Ctx, placement: BannerPlacement): Promise<PublicBanner[]> {
    requireAccess(ctx, 'public');
    requireTenantId(ctx);
    const rows = await repo.liveBanners(ctx.db, ctx.tenantId, placement, new Date(), BANNER_PUBLIC_MAX);
    return rows.map((r) => ({
      bannerId: r.id,
      title: r.title,
      linkUrl: r.linkUrl,
      imageUrl: publicBannerImageUrl(r.tenantId, r.id),
      width: r.width,
      height: r.height,
    }));
  }

  /** Signed out: a live banner's picture; any other banner (or none) is a 404. */
  async liveImage(ctx: Ctx, bannerId: number) {
    requireAccess(ctx, 'public');
    requireTenantId(ctx);
    const r = await ctx.transact((db) => repo.findBanner(db, ctx.tenantId, bannerId));
    if (!r || !isLive(r, new Date())) throw CommonErrors.notFound();
    return this.files.publicImage(ctx, r.fileId, PUBLIC_IMAGE);
  }
}

function requireTenantId(ctx: Ctx): asserts ctx is Ctx & { tenantId: number } {
  if (ctx.tenantId === null) throw CommonErrors.notFound();
}
