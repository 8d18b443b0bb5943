import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Page } from '@tilth/contracts/common.types';
import {
  type PromoVideo,
  type PromoVideoListQuery,
  type promoVideoUpdateBody,
  VIDEO_MAX_BYTES,
  VIDEO_MAX_SECONDS,
  VIDEO_NAME_MAX,
  VIDEO_SUGGESTED_SECONDS,
  VIDEO_TYPES,
  type VideoLimits,
} from '@tilth/contracts/media.types';
import type { z } from 'zod';
import { containsFilter } from '../../../platform/db/like.js';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { storeFile, withScratchDir } from '../../../platform/files/scratch.js';
import type { FileStorage } from '../../../platform/files/storage.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import { type RangedFile, rangedFile } from '../../../platform/http/serve-file.js';
import type { Lang } from '../../../platform/i18n/lang.js';
import { MEDIA_ACCESS } from './media.access.js';
import { MediaErrors } from './media.errors.js';
import { posterKey, videoKey, videoUrls } from './video.files.js';
import { receiveVideo } from './video.probe.js';
import * as repo from './video.repository.js';

// Promo videos (issue 19 item 4; spec 03 §5): one file per item, checked with ffprobe on upload (nothing
// stored when refused), a poster made in the background (video.jobs.ts), played with byte ranges.

type UpdateBody = z.output<typeof promoVideoUpdateBody>;

const errorText = (code: string | null, lang: Lang): string | null => {
  if (!code) return null;
  const def = Object.values(MediaErrors.defs).find((d) => d.code === code) ?? MediaErrors.defs.videoFailed;
  return def.message[lang];
};

export const toVideo = (r: repo.VideoRow, lang: Lang): PromoVideo => ({
  videoId: r.id,
  videoName: r.videoName,
  description: r.description,
  status: r.status as PromoVideo['status'],
  progress: r.progress,
  error: r.status === 'failed' ? errorText(r.error, lang) : null,
  contentType: r.contentType,
  fileSize: r.fileSize,
  durationMs: r.durationMs,
  width: r.width,
  height: r.height,
  ...videoUrls(r),
  objectVersionNumber: r.objectVersionNumber,
  creationDate: r.creationDate.toISOString(),
});

const nameOf = (fileName: string): string =>
  [
    ...fileName
      .replace(/^.*[\\/]/, '')
      .replace(/\.[^.]*$/, '')
      .trim(),
  ]
    .slice(0, VIDEO_NAME_MAX)
    .join('')
    .trim();

/** A promo video or its poster, ready to send with byte ranges. */
export type OpenedFile = RangedFile;

export class VideoService {
  constructor(
    private readonly storage: FileStorage,
    private readonly scratchDir: string,
  ) {}

  limits(ctx: Ctx): VideoLimits {
    requireAccess(ctx, MEDIA_ACCESS.videos);
    return {
      maxBytes: VIDEO_MAX_BYTES,
      maxSeconds: VIDEO_MAX_SECONDS,
      suggestedSeconds: VIDEO_SUGGESTED_SECONDS,
      ratios: ['16:9', '1:1'],
      types: [...VIDEO_TYPES],
    };
  }

  async list(ctx: Ctx, q: PromoVideoListQuery): Promise<Page<PromoVideo>> {
    requireAccess(ctx, MEDIA_ACCESS.videos);
    requireTenant(ctx);
    const w = pageWindow(q);
    const { rows, total } = await repo.listVideos(
      ctx.db,
      ctx.tenantId,
      { name: containsFilter(q.videoName), status: q.status },
      w.limit,
      w.offset,
    );
    return pageAnswer(
      rows.map((r) => toVideo(r, ctx.lang)),
      total,
      q,
    );
  }

  async get(ctx: Ctx, id: number): Promise<PromoVideo> {
    requireAccess(ctx, MEDIA_ACCESS.videos);
    requireTenant(ctx);
    const r = await ctx.transact((db) => repo.findVideo(db, ctx.tenantId, id));
    if (!r) throw MediaErrors.videoNotFound();
    return toVideo(r, ctx.lang);
  }

  /** Receives and checks one video; 202 with the row (processing). The caller kicks the poster runner. */
  async upload(
    ctx: Ctx,
    part: { stream: Readable & { truncated?: boolean }; fileName: string },
  ): Promise<PromoVideo> {
    requireAccess(ctx, MEDIA_ACCESS.uploadVideo);
    requireTenant(ctx);
    // Checked on a scratch copy (ffprobe needs a path); stored only once every check passed.
    return withScratchDir(this.scratchDir, 'video', async (tmp) => {
      const tempPath = path.join(tmp, 'upload');
      const got = await receiveVideo(part.stream, tempPath);
      const assetKey = randomUUID();
      const key = videoKey(ctx.tenantId, assetKey, got.contentType);
      try {
        await storeFile(this.storage, key, tempPath);
        const name = nameOf(part.fileName) || (ctx.lang === 'zh-CN' ? '宣传视频' : 'Promo video');
        const row = await ctx.transact((db) =>
          repo.insertVideo(db, ctx.tenantId, ctx.user.id, {
            videoName: name,
            contentType: got.contentType,
            fileSize: got.size,
            durationMs: got.durationMs,
            width: got.width,
            height: got.height,
            assetKey,
          }),
        );
        return toVideo(row, ctx.lang);
      } catch (err) {
        await this.storage.remove(key).catch(() => undefined);
        throw err;
      }
    });
  }

  async update(ctx: Ctx, b: UpdateBody): Promise<PromoVideo> {
    requireAccess(ctx, MEDIA_ACCESS.editVideo);
    requireTenant(ctx);
    const current = await repo.findVideo(ctx.db, ctx.tenantId, b.videoId);
    if (!current) throw MediaErrors.videoNotFound();
    if (current.objectVersionNumber !== b.objectVersionNumber) throw CommonErrors.stale();
    const r = await repo.updateVideo(ctx.db, ctx.tenantId, b.videoId, b.objectVersionNumber, ctx.user.id, {
      videoName: b.videoName,
      description: b.description,
    });
    if (!r) throw CommonErrors.stale();
    return toVideo(r, ctx.lang);
  }

  /** Refused (409 naming them) while a seed or traced product shows it; removes the files. */
  async remove(ctx: Ctx, id: number, version: number | undefined): Promise<{ success: boolean }> {
    requireAccess(ctx, MEDIA_ACCESS.deleteVideo);
    requireTenant(ctx);
    const r = await ctx.transact(async (db) => {
      const v = await repo.findVideo(db, ctx.tenantId, id);
      if (!v) throw MediaErrors.videoNotFound();
      if (version !== undefined && version !== v.objectVersionNumber) throw CommonErrors.stale();
      const users = await repo.videoUsers(db, ctx.tenantId, id);
      if (users.length > 0) throw MediaErrors.videoInUse({ name: v.videoName, where: users.join(', ') });
      await repo.deleteVideo(db, ctx.tenantId, id);
      return v;
    });
    await Promise.all(
      [videoKey(r.tenantId, r.assetKey, r.contentType), posterKey(r.tenantId, r.assetKey)].map((k) =>
        this.storage.remove(k),
      ),
    );
    return { success: true };
  }

  /** The video file (with byte ranges) or its poster, for the console. */
  async file(ctx: Ctx, id: number, assetKey: string, which: 'video' | 'poster'): Promise<OpenedFile> {
    requireAccess(ctx, MEDIA_ACCESS.videos);
    requireTenant(ctx);
    const r = await ctx.transact((db) => repo.findVideo(db, ctx.tenantId, id));
    if (!r || r.assetKey !== assetKey) throw MediaErrors.videoNotFound();
    return openVideoFile(this.storage, r, which);
  }
}

/** A video row's file or poster in storage, ready to send with byte ranges; 404 when it is not there. */
export const openVideoFile = async (
  storage: FileStorage,
  r: repo.VideoRow,
  which: 'video' | 'poster',
): Promise<OpenedFile> => {
  const key =
    which === 'video' ? videoKey(r.tenantId, r.assetKey, r.contentType) : posterKey(r.tenantId, r.assetKey);
  const ext = which === 'poster' ? 'jpg' : r.contentType === 'video/webm' ? 'webm' : 'mp4';
  const file = await rangedFile(storage, key, {
    contentType: which === 'poster' ? 'image/jpeg' : r.contentType,
    fileName: `${r.videoName.replace(/[\\/]/g, '_')}.${ext}`,
  });
  if (!file) throw MediaErrors.videoNotFound();
  return file;
};
