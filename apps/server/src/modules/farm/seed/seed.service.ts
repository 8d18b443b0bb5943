import type { Page } from '@tilth/contracts/common.types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import {
  type FarmingPracticeInput,
  type ProductAttributeInput,
  SEED_ITEM_DESCRIPTION_MAX,
  type SeedCreateBody,
  type SeedPageQuery,
  type SeedProduct,
  type SeedPublicDetail,
  type SeedSummary,
  type SeedUpdateBody,
} from '@tilth/contracts/seed.types';
import type { Db } from '../../../platform/db/client.js';
import { flagOf } from '../../../platform/db/columns.js';
import { containsFilter } from '../../../platform/db/like.js';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import type { FileStorage } from '../../../platform/files/storage.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import {
  openPromoVideo,
  type PromoVideoAsset,
  promoVideoAsset,
  promoVideoRefs,
  requirePromoVideo,
} from '../../content/media/index.js';
import { sanitizeNoticeHtml } from '../../messaging/notice/index.js';
import { SeedErrors } from './seed.errors.js';
import {
  deleteSeed,
  findSeed,
  insertSeed,
  listSeeds,
  type SeedRow,
  type SeedSummaryRow,
  type SeedValues,
  updateSeed,
} from './seed.repository.js';
import type { FarmingPractice, ProductAttribute } from './seed.tables.js';

/** Access of the farm `seed` page; the public /seed page reads through publicDetail, signed out. */
export const SEED_ACCESS = {
  read: 'wfpf.farm.farm.seed',
  create: 'wfpf.farm.farm.seed.ps.create',
  edit: 'wfpf.farm.farm.seed.ps.edit',
  delete: 'wfpf.farm.farm.seed.ps.delete',
  public: 'public',
} as const satisfies Record<string, 'public' | PermissionCode>;

/** Descriptions are shown as HTML on a public page: cleaned with the notice allow-list on write. */
const cleanHtml = (html: string | undefined, field: string): string => {
  const clean = sanitizeNoticeHtml(html ?? '').trim();
  // Escaping can lengthen a text that fitted as typed; the stored text keeps the limit too.
  if (clean.length > SEED_ITEM_DESCRIPTION_MAX) {
    throw CommonErrors.validation({
      detail: `${field}: text too long (at most ${SEED_ITEM_DESCRIPTION_MAX} characters)`,
    });
  }
  return clean;
};

const practicesOf = (list: FarmingPracticeInput[]): FarmingPractice[] =>
  list.map((p, i) => ({
    imageUrl: p.imageUrl ?? '',
    name: p.name,
    description: cleanHtml(p.description, `body.farmingPractices.${i}.description`),
  }));

const attributesOf = (list: ProductAttributeInput[]): ProductAttribute[] =>
  list.map((a, i) => ({
    name: a.name,
    enName: a.enName ?? '',
    imageUrl: a.imageUrl ?? '',
    description: cleanHtml(a.description, `body.productAttributes.${i}.description`),
  }));

const publicImageUrls = (r: SeedRow): string[] =>
  [
    r.imageUrl,
    ...r.farmingPractices.map((p) => p.imageUrl),
    ...r.productAttributes.map((a) => a.imageUrl),
  ].filter((u): u is string => typeof u === 'string' && u !== '');

const OWN_FILE = /^\/hfle\/v1\/(\d+)\/files\/([0-9a-fA-F-]{36})\/file$/;

/**
 * Visitors of the public page have no session, so the tenant's stored images are linked through the
 * public image route of this product instead of the file API; other addresses are left as they are.
 */
const publicUrl = <U extends string | null>(r: SeedRow, url: U): U | string => {
  const m = url ? OWN_FILE.exec(url) : null;
  if (!m || Number(m[1]) !== r.tenantId) return url;
  return `/wfpf/v1/${r.tenantId}/seed/public/${r.id}/image/${m[2]}?width=1600&height=1600&flag=0`;
};

/**
 * The product's own public routes for its promo video (the console's URLs need a session). Absent when
 * none, so a product without one answers exactly spec 03 §3's shape.
 */
const publicVideo = (r: SeedRow, v: PromoVideoAsset | undefined): Pick<SeedPublicDetail, 'promoVideo'> => {
  if (!v) return {};
  const base = `/wfpf/v1/${r.tenantId}/seed/public/${r.id}/video/${v.assetKey}`;
  return {
    promoVideo: {
      videoUrl: `${base}/video`,
      posterUrl: `${base}/poster.jpg`,
      width: v.width,
      height: v.height,
      durationMs: v.durationMs,
    },
  };
};

export const toSeedPublicView = (r: SeedRow, video?: PromoVideoAsset): SeedPublicDetail => {
  const d = toSeedPublic(r);
  return {
    ...d,
    ...publicVideo(r, video),
    imageUrl: publicUrl(r, d.imageUrl),
    farmingPractices: d.farmingPractices.map((p) => ({ ...p, imageUrl: publicUrl(r, p.imageUrl) })),
    productAttributes: d.productAttributes.map((a) => ({ ...a, imageUrl: publicUrl(r, a.imageUrl) })),
  };
};

export const toSeedPublic = (r: SeedRow): SeedPublicDetail => ({
  cropName: r.cropName,
  corpEnName: r.corpEnName,
  publicity: r.publicity,
  seedName: r.seedName,
  seedEnName: r.seedEnName,
  imageUrl: r.imageUrl,
  farmingPractices: r.farmingPractices.map((p) => ({
    imageUrl: p.imageUrl,
    name: p.name,
    description: p.description,
  })),
  productAttributes: r.productAttributes.map((a) => ({
    name: a.name,
    enName: a.enName,
    imageUrl: a.imageUrl,
    description: a.description,
  })),
});

export const toSeedProduct = async (db: Db, r: SeedRow): Promise<SeedProduct> => ({
  seedId: r.id,
  ...toSeedPublic(r),
  promoVideoId: r.promoVideoId ?? null,
  promoVideo: r.promoVideoId
    ? ((await promoVideoRefs(db, r.tenantId, [r.promoVideoId])).get(r.promoVideoId) ?? null)
    : null,
  enabledFlag: flagOf(r.enabledFlag),
  objectVersionNumber: r.objectVersionNumber,
  creationDate: r.creationDate.toISOString(),
  lastUpdateDate: r.lastUpdateDate.toISOString(),
});

const toSeedSummary = (r: SeedSummaryRow): SeedSummary => ({
  seedId: r.id,
  cropName: r.cropName,
  corpEnName: r.corpEnName,
  publicity: r.publicity,
  seedName: r.seedName,
  seedEnName: r.seedEnName,
  imageUrl: r.imageUrl,
  promoVideoId: r.promoVideoId ?? null,
  enabledFlag: flagOf(r.enabledFlag),
  practiceCount: r.practiceCount,
  attributeCount: r.attributeCount,
  objectVersionNumber: r.objectVersionNumber,
  creationDate: r.creationDate.toISOString(),
  lastUpdateDate: r.lastUpdateDate.toISOString(),
});

/** Seed products of a tenant (farm `seed` page) and their public detail (/seed page, spec 03 §2, §3). */
export class SeedService {
  async page(ctx: Ctx, q: SeedPageQuery): Promise<Page<SeedSummary>> {
    requireAccess(ctx, SEED_ACCESS.read);
    requireTenant(ctx);
    const { limit, offset } = pageWindow(q);
    const filter = {
      seedName: containsFilter(q.seedName),
      cropName: containsFilter(q.cropName),
      enabledFlag: q.enabledFlag,
    };
    const { rows, total } = await listSeeds(ctx.db, ctx.tenantId, filter, limit, offset);
    return pageAnswer(rows.map(toSeedSummary), total, q);
  }

  async get(ctx: Ctx, id: number): Promise<SeedProduct> {
    requireAccess(ctx, SEED_ACCESS.read);
    requireTenant(ctx);
    const row = await findSeed(ctx.db, ctx.tenantId, id);
    if (!row) throw SeedErrors.notFound();
    return toSeedProduct(ctx.db, row);
  }

  /**
   * The public detail of an enabled product, for anyone (no sign-in): the route runs in the tenant's
   * row-level-security transaction, so another tenant's id finds nothing. Disabled products are hidden.
   */
  async publicDetail(ctx: Ctx, id: number): Promise<SeedPublicDetail> {
    requireAccess(ctx, SEED_ACCESS.public);
    if (ctx.tenantId === null) throw SeedErrors.notFound();
    const row = await findSeed(ctx.db, ctx.tenantId, id);
    if (row?.enabledFlag !== 1) throw SeedErrors.notFound();
    return toSeedPublicView(row, await promoVideoAsset(ctx.db, ctx.tenantId, row.promoVideoId));
  }

  /** The promo video (or its poster) of the enabled product `id`, when `assetKey` is the one it shows. */
  async publicVideo(ctx: Ctx, storage: FileStorage, id: number, assetKey: string, which: 'video' | 'poster') {
    requireAccess(ctx, SEED_ACCESS.public);
    const tenantId = ctx.tenantId;
    if (tenantId === null) throw SeedErrors.notFound();
    return ctx.transact(async (db) => {
      const row = await findSeed(db, tenantId, id);
      if (row?.enabledFlag !== 1) throw SeedErrors.notFound();
      const v = await promoVideoAsset(db, tenantId, row.promoVideoId);
      if (v?.assetKey !== assetKey.toLowerCase()) throw SeedErrors.notFound();
      return openPromoVideo(storage, db, tenantId, v.assetKey, which);
    });
  }

  /** Whether the enabled product `id` shows the stored file `fileId` on its public page. */
  async publicShowsFile(ctx: Ctx, id: number, fileId: string): Promise<void> {
    requireAccess(ctx, SEED_ACCESS.public);
    const tenantId = ctx.tenantId;
    if (tenantId === null) throw SeedErrors.notFound();
    const row = await ctx.transact((db) => findSeed(db, tenantId, id));
    if (row?.enabledFlag !== 1) throw SeedErrors.notFound();
    const own = `/hfle/v1/${tenantId}/files/${fileId.toLowerCase()}/file`;
    if (!publicImageUrls(row).some((u) => u.toLowerCase() === own)) throw SeedErrors.notFound();
  }

  async create(ctx: Ctx, body: SeedCreateBody): Promise<SeedProduct> {
    requireAccess(ctx, SEED_ACCESS.create);
    requireTenant(ctx);
    const values: SeedValues = {
      cropName: body.cropName,
      corpEnName: body.corpEnName ?? null,
      publicity: body.publicity ?? null,
      seedName: body.seedName,
      seedEnName: body.seedEnName ?? null,
      imageUrl: body.imageUrl ?? null,
      farmingPractices: practicesOf(body.farmingPractices),
      productAttributes: attributesOf(body.productAttributes),
      promoVideoId: body.promoVideoId ?? null,
      enabledFlag: body.enabledFlag,
    };
    await requirePromoVideo(ctx.db, ctx.tenantId, values.promoVideoId);
    return toSeedProduct(ctx.db, await insertSeed(ctx.db, ctx.tenantId, ctx.user.id, values));
  }

  async update(ctx: Ctx, body: SeedUpdateBody): Promise<SeedProduct> {
    requireAccess(ctx, SEED_ACCESS.edit);
    requireTenant(ctx);
    const current = await findSeed(ctx.db, ctx.tenantId, body.seedId);
    if (!current) throw SeedErrors.notFound();
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    const changes: Partial<SeedValues> = { cropName: body.cropName, seedName: body.seedName };
    if (body.corpEnName !== undefined) changes.corpEnName = body.corpEnName;
    if (body.publicity !== undefined) changes.publicity = body.publicity;
    if (body.seedEnName !== undefined) changes.seedEnName = body.seedEnName;
    if (body.imageUrl !== undefined) changes.imageUrl = body.imageUrl;
    if (body.farmingPractices !== undefined) changes.farmingPractices = practicesOf(body.farmingPractices);
    if (body.productAttributes !== undefined) {
      changes.productAttributes = attributesOf(body.productAttributes);
    }
    if (body.enabledFlag !== undefined) changes.enabledFlag = body.enabledFlag;
    if (body.promoVideoId !== undefined) {
      // Re-saving the video already shown is always allowed; a new choice must be ready and ours.
      if (body.promoVideoId !== current.promoVideoId) {
        await requirePromoVideo(ctx.db, ctx.tenantId, body.promoVideoId);
      }
      changes.promoVideoId = body.promoVideoId;
    }
    const row = await updateSeed(
      ctx.db,
      ctx.tenantId,
      current.id,
      body.objectVersionNumber,
      ctx.user.id,
      changes,
    );
    if (!row) throw CommonErrors.stale();
    return toSeedProduct(ctx.db, row);
  }

  async remove(ctx: Ctx, id: number): Promise<{ success: boolean }> {
    requireAccess(ctx, SEED_ACCESS.delete);
    requireTenant(ctx);
    if (!(await deleteSeed(ctx.db, ctx.tenantId, id))) throw SeedErrors.notFound();
    return { success: true };
  }
}
