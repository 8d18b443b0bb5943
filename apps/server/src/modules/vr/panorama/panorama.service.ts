import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Page } from '@tilth/contracts/common.types';
import type {
  Panorama,
  PanoramaLimits,
  PanoramaListQuery,
  panoramaUpdateBody,
} from '@tilth/contracts/panorama.types';
import type { z } from 'zod';
import type { Config } from '../../../platform/config.js';
import { containsFilter } from '../../../platform/db/like.js';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import type { FileStorage } from '../../../platform/files/storage.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import type { Lang } from '../../../platform/i18n/lang.js';
import type { Platform } from '../../../platform/platform.js';
import { PANORAMA_ACCESS } from './panorama.access.js';
import { assetKeys, assetPrefix } from './panorama.assets.js';
import { PanoramaErrors } from './panorama.errors.js';
import { panoramaTempDir } from './panorama.jobs.js';
import {
  openPanoramaAsset,
  type PanoramaAsset,
  panoramaUrls,
  tenantPanoramaPrefix,
} from './panorama.refs.js';
import * as repo from './panorama.repository.js';
import { nameOfFile, receivePanorama } from './panorama.upload.js';

// The panorama library (issue 17 item 1; spec 03 §5, §7): upload (tiled by panorama.jobs.ts), poll, list,
// rename / enable / disable, delete (refused while a scene shows it), and the made images.

type UpdateBody = z.output<typeof panoramaUpdateBody>;

const errorText = (code: string | null, lang: Lang): string | null => {
  if (!code) return null;
  const def = Object.values(PanoramaErrors.defs).find((d) => d.code === code) ?? PanoramaErrors.defs.failed;
  return def.message[lang];
};

export const toPanorama = (r: repo.PanoramaListRow, lang: Lang): Panorama => ({
  panoramaId: r.id,
  panoramaName: r.name,
  ...panoramaUrls(tenantPanoramaPrefix(r.tenantId), r),
  tiles: r.status === 'ready' ? (r.tiles ?? null) : null,
  status: r.status as Panorama['status'],
  progress: r.progress,
  error: r.status === 'failed' ? errorText(r.error, lang) : null,
  width: r.width,
  height: r.height,
  fileSize: r.fileSize,
  enabledFlag: r.enabledFlag === 1 ? 1 : 0,
  sceneCount: r.sceneCount,
  objectVersionNumber: r.objectVersionNumber,
  creationDate: r.creationDate.toISOString(),
});

export class PanoramaService {
  private readonly config: Config;
  private readonly storage: FileStorage;

  constructor(private readonly platform: Platform) {
    this.config = platform.config;
    this.storage = platform.storage;
  }

  async list(ctx: Ctx, q: PanoramaListQuery): Promise<Page<Panorama>> {
    requireTenant(ctx);
    requireAccess(ctx, PANORAMA_ACCESS.list);
    const w = pageWindow(q);
    const { rows, total } = await repo.listPanoramas(
      ctx.db,
      ctx.tenantId,
      { enabledFlag: q.enabledFlag, name: containsFilter(q.panoramaName), status: q.status },
      w.limit,
      w.offset,
    );
    return pageAnswer(
      rows.map((r) => toPanorama(r, ctx.lang)),
      total,
      q,
    );
  }

  limits(ctx: Ctx): PanoramaLimits {
    requireTenant(ctx);
    requireAccess(ctx, PANORAMA_ACCESS.list);
    return {
      minBytes: this.config.panoramaMinBytes,
      maxBytes: this.config.panoramaMaxBytes,
      maxMegapixels: Math.floor(this.config.panoramaMaxPixels / 1e6),
    };
  }

  async get(ctx: Ctx, id: number): Promise<Panorama> {
    requireTenant(ctx);
    requireAccess(ctx, PANORAMA_ACCESS.view);
    const row = await ctx.transact((db) => repo.findPanorama(db, ctx.tenantId, id));
    if (!row) throw PanoramaErrors.notFound();
    return toPanorama(row, ctx.lang);
  }

  /** Receives, checks and stores one upload; 202 with the row (processing). The caller kicks the runner. */
  async upload(
    ctx: Ctx,
    file: { stream: Readable & { truncated?: boolean }; fileName: string },
  ): Promise<Panorama> {
    requireTenant(ctx);
    requireAccess(ctx, PANORAMA_ACCESS.upload);
    const tmpDir = panoramaTempDir(this.config.scratchDir);
    await mkdir(tmpDir, { recursive: true });
    const got = await receivePanorama(file.stream, path.join(tmpDir, `upload-${randomUUID()}`), {
      minBytes: this.config.panoramaMinBytes,
      maxBytes: this.config.panoramaMaxBytes,
      maxPixels: this.config.panoramaMaxPixels,
    });
    const assetKey = randomUUID();
    const ext = got.contentType === 'image/png' ? 'png' : 'jpg';
    const storageKey = `${assetPrefix(ctx.tenantId, assetKey)}/original.${ext}`;
    try {
      await this.storage.put(storageKey, createReadStream(got.tempPath));
      const name = nameOfFile(file.fileName) || (ctx.lang === 'zh-CN' ? '全景图' : 'Panorama');
      const row = await ctx.transact((db) =>
        repo.insertPanorama(db, ctx.tenantId, ctx.user.id, {
          name,
          width: got.width,
          height: got.height,
          fileSize: got.size,
          contentType: got.contentType,
          storageKey,
          assetKey,
        }),
      );
      return toPanorama({ ...row, sceneCount: 0 }, ctx.lang);
    } catch (err) {
      await this.storage.remove(storageKey).catch(() => undefined);
      throw err;
    } finally {
      await rm(got.tempPath, { force: true });
    }
  }

  async update(ctx: Ctx, b: UpdateBody): Promise<Panorama> {
    requireTenant(ctx);
    requireAccess(ctx, PANORAMA_ACCESS.edit);
    const current = await repo.findPanorama(ctx.db, ctx.tenantId, b.panoramaId);
    if (!current) throw PanoramaErrors.notFound();
    if (current.objectVersionNumber !== b.objectVersionNumber) throw CommonErrors.stale();
    const row = await repo.updatePanorama(
      ctx.db,
      ctx.tenantId,
      b.panoramaId,
      b.objectVersionNumber,
      ctx.user.id,
      {
        name: b.panoramaName,
        enabledFlag: b.enabledFlag,
      },
    );
    if (!row) throw CommonErrors.stale();
    return toPanorama({ ...row, sceneCount: current.sceneCount }, ctx.lang);
  }

  /** Refused (409, naming the scenes and tours) while a scene shows it; removes the original and the images. */
  async remove(ctx: Ctx, id: number, version: number | undefined): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, PANORAMA_ACCESS.delete);
    const row = await ctx.transact(async (db) => {
      const r = await repo.lockPanorama(db, ctx.tenantId, id);
      if (!r) throw PanoramaErrors.notFound();
      if (version !== undefined && version !== r.objectVersionNumber) throw CommonErrors.stale();
      const uses = await repo.panoramaUses(db, ctx.tenantId, id);
      if (uses.length > 0) {
        throw PanoramaErrors.inUse({
          name: r.name,
          whereZh: uses.map((u) => `VR“${u.vrName}”的场景“${u.scenesName}”`).join('、'),
          whereEn: uses.map((u) => `scene "${u.scenesName}" of tour "${u.vrName}"`).join(', '),
        });
      }
      await repo.deletePanorama(db, ctx.tenantId, id);
      return r;
    });
    // Files go once the delete is committed: a failed removal leaves unreachable bytes, never a row without its images.
    const keys = [row.storageKey, ...assetKeys(assetPrefix(ctx.tenantId, row.assetKey), row.width)];
    await Promise.all(keys.map((k) => this.storage.remove(k).catch(() => undefined)));
    return { success: true };
  }

  /** One made image (the console loads them with its Bearer header). */
  async asset(ctx: Ctx, id: number, assetKey: string, asset: PanoramaAsset): Promise<Readable> {
    requireTenant(ctx);
    requireAccess(ctx, PANORAMA_ACCESS.images);
    const found = await openPanoramaAsset(this.platform, ctx.tenantId, id, assetKey, asset);
    if (!found) throw PanoramaErrors.notFound();
    return found.body;
  }
}
