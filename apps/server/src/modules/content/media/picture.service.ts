import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Page } from '@tilth/contracts/common.types';
import {
  FOLDER_DEPTH_MAX,
  PICTURE_MAX_BYTES,
  PICTURE_MAX_MEGAPIXELS,
  PICTURE_THUMB_SIZE,
  PICTURE_TYPES,
  PICTURE_UPLOAD_FILES_MAX,
  type Picture,
  type PictureFolder,
  type PictureLimits,
  type PictureListQuery,
  type PictureUsage,
  type pictureFolderCreateBody,
  type pictureFolderUpdateBody,
  type pictureUpdateBody,
  USAGE_OWNER_TYPES,
  type UsageOwnerType,
} from '@tilth/contracts/media.types';
import sharp from 'sharp';
import type { z } from 'zod';
import type { Db } from '../../../platform/db/client.js';
import { containsFilter } from '../../../platform/db/like.js';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { violatedRule } from '../../../platform/db/writes.js';
import { CommonErrors } from '../../../platform/errors.js';
import type { FileStorage } from '../../../platform/files/storage.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { deleteFile, FileService, fileUrlOf } from '../../messaging/file/index.js';
import { MEDIA_ACCESS } from './media.access.js';
import { MediaErrors } from './media.errors.js';
import * as repo from './picture.repository.js';

// The picture library (issue 19 item 4): folders, multi-upload through the file module (its magic-byte
// sniffing, size and pixel bounds) with a sharp thumbnail, rename / move, usage, deletes refused while used.

export const PICTURE_BUCKET = 'content-pictures';
export const pictureThumbUrl = (tenantId: number, id: number) =>
  `/wfpf/v1/${tenantId}/content/pictures/${id}/thumb.jpg`;

export const toPicture = (r: repo.PictureListRow): Picture => ({
  pictureId: r.id,
  folderId: r.folderId,
  pictureName: r.pictureName,
  fileId: r.fileId,
  src: fileUrlOf(r.tenantId, r.fileId),
  thumbUrl: pictureThumbUrl(r.tenantId, r.id),
  contentType: r.contentType,
  width: r.width,
  height: r.height,
  fileSize: r.fileSize,
  usageCount: r.usageCount,
  objectVersionNumber: r.objectVersionNumber,
  creationDate: r.creationDate.toISOString(),
});

const readAll = async (body: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

/** The name to show: the file name without its extension. */
const nameOf = (fileName: string): string =>
  [
    ...fileName
      .replace(/^.*[\\/]/, '')
      .replace(/\.[^.]*$/, '')
      .trim(),
  ]
    .slice(0, 100)
    .join('') || 'picture';

/** A JPEG thumbnail, at most PICTURE_THUMB_SIZE on its longest side (transparency on white). */
export const makeThumb = (bytes: Buffer): Promise<Buffer> =>
  sharp(bytes, { limitInputPixels: PICTURE_MAX_MEGAPIXELS * 1_000_000 })
    .rotate()
    .resize(PICTURE_THUMB_SIZE, PICTURE_THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80 })
    .toBuffer();

/** Library pictures' file ids named by URLs of this tenant (`/hfle/v1/{t}/files/{id}/file|image`). */
export const fileIdsInUrls = (tenantId: number, urls: readonly string[]): string[] => {
  const ids = new Set<string>();
  const re = /\/hfle\/v1\/(\d+)\/files\/([0-9a-f-]{36})\/(?:file|image)\b/gi;
  for (const u of urls) {
    for (const m of u.matchAll(re)) if (Number(m[1]) === tenantId && m[2]) ids.add(m[2].toLowerCase());
  }
  return [...ids];
};

/** Replaces the owner's usage rows with the library pictures its URLs name (others are ignored). */
export const recordPictureUsage = async (
  ctx: Ctx,
  ownerType: UsageOwnerType,
  ownerId: number,
  urls: readonly string[],
): Promise<void> => {
  requireTenant(ctx);
  if (!USAGE_OWNER_TYPES.includes(ownerType)) throw new Error(`unknown owner type ${ownerType}`);
  const tenantId = ctx.tenantId;
  await ctx.transact(async (db: Db) => {
    const found = await repo.picturesByFile(db, tenantId, fileIdsInUrls(tenantId, urls));
    await repo.replaceUsages(
      db,
      tenantId,
      ownerType,
      ownerId,
      found.map((p) => p.id),
    );
  });
};

type FolderCreate = z.output<typeof pictureFolderCreateBody>;
type FolderUpdate = z.output<typeof pictureFolderUpdateBody>;
type PictureUpdate = z.output<typeof pictureUpdateBody>;

export class PictureService {
  private readonly files: FileService;

  constructor(private readonly storage: FileStorage) {
    // The file module's checks with the library's own bounds.
    this.files = new FileService(storage, {
      uploadLimitBytes: PICTURE_MAX_BYTES,
      imageMaxPixels: PICTURE_MAX_MEGAPIXELS * 1_000_000,
    });
  }

  limits(ctx: Ctx): PictureLimits {
    requireAccess(ctx, MEDIA_ACCESS.pictures);
    return {
      maxBytes: PICTURE_MAX_BYTES,
      maxMegapixels: PICTURE_MAX_MEGAPIXELS,
      types: [...PICTURE_TYPES],
      maxFiles: PICTURE_UPLOAD_FILES_MAX,
    };
  }

  async folders(ctx: Ctx): Promise<PictureFolder[]> {
    requireAccess(ctx, MEDIA_ACCESS.pictures);
    requireTenant(ctx);
    const rows = await repo.listFolders(ctx.db, ctx.tenantId);
    return rows.map((f) => ({
      folderId: f.id,
      parentId: f.parentId,
      folderName: f.folderName,
      pictureCount: f.pictureCount,
      objectVersionNumber: f.objectVersionNumber,
    }));
  }

  private async depthOf(ctx: TenantCtx, id: number): Promise<number> {
    let depth = 0;
    for (let at: number | null = id; at !== null && depth <= FOLDER_DEPTH_MAX; depth += 1) {
      const f: repo.FolderRow | undefined = await repo.findFolder(ctx.db, ctx.tenantId, at);
      if (!f) throw MediaErrors.folderNotFound();
      at = f.parentId;
    }
    return depth;
  }

  private async folderWrite<T>(name: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (violatedRule(err, { content_picture_folders_name_uq: 'dup' }))
        throw MediaErrors.folderDuplicate({ name });
      throw err;
    }
  }

  async createFolder(ctx: Ctx, b: FolderCreate): Promise<PictureFolder> {
    requireAccess(ctx, MEDIA_ACCESS.editPictures);
    requireTenant(ctx);
    const parentId = b.parentId ?? null;
    if (parentId !== null && (await this.depthOf(ctx, parentId)) >= FOLDER_DEPTH_MAX)
      throw MediaErrors.folderTooDeep({ max: FOLDER_DEPTH_MAX });
    if (await repo.findFolderByName(ctx.db, ctx.tenantId, parentId, b.folderName))
      throw MediaErrors.folderDuplicate({ name: b.folderName });
    const f = await this.folderWrite(b.folderName, () =>
      repo.insertFolder(ctx.db, ctx.tenantId, ctx.user.id, parentId, b.folderName),
    );
    return {
      folderId: f.id,
      parentId: f.parentId,
      folderName: f.folderName,
      pictureCount: 0,
      objectVersionNumber: 1,
    };
  }

  async renameFolder(ctx: Ctx, b: FolderUpdate): Promise<PictureFolder> {
    requireAccess(ctx, MEDIA_ACCESS.editPictures);
    requireTenant(ctx);
    const current = await repo.findFolder(ctx.db, ctx.tenantId, b.folderId);
    if (!current) throw MediaErrors.folderNotFound();
    if (current.objectVersionNumber !== b.objectVersionNumber) throw CommonErrors.stale();
    const same = await repo.findFolderByName(ctx.db, ctx.tenantId, current.parentId, b.folderName);
    if (same && same.id !== current.id) throw MediaErrors.folderDuplicate({ name: b.folderName });
    const f = await this.folderWrite(b.folderName, () =>
      repo.renameFolder(ctx.db, ctx.tenantId, b.folderId, b.objectVersionNumber, ctx.user.id, b.folderName),
    );
    if (!f) throw CommonErrors.stale();
    const { pictures } = await repo.folderContents(ctx.db, ctx.tenantId, f.id);
    return {
      folderId: f.id,
      parentId: f.parentId,
      folderName: f.folderName,
      pictureCount: pictures,
      objectVersionNumber: f.objectVersionNumber,
    };
  }

  /** Refused (409, with the counts) while it holds pictures or folders. */
  async removeFolder(ctx: Ctx, id: number): Promise<{ success: boolean }> {
    requireAccess(ctx, MEDIA_ACCESS.editPictures);
    requireTenant(ctx);
    const f = await repo.findFolder(ctx.db, ctx.tenantId, id);
    if (!f) throw MediaErrors.folderNotFound();
    const c = await repo.folderContents(ctx.db, ctx.tenantId, id);
    if (c.pictures > 0 || c.folders > 0)
      throw MediaErrors.folderNotEmpty({ name: f.folderName, pictures: c.pictures, folders: c.folders });
    await repo.deleteFolder(ctx.db, ctx.tenantId, id);
    return { success: true };
  }

  async list(ctx: Ctx, q: PictureListQuery): Promise<Page<Picture>> {
    requireAccess(ctx, MEDIA_ACCESS.pictures);
    requireTenant(ctx);
    const w = pageWindow(q);
    const folderId = q.folderId === undefined ? undefined : q.folderId === 0 ? null : q.folderId;
    const { rows, total } = await repo.listPictures(
      ctx.db,
      ctx.tenantId,
      { folderId, name: containsFilter(q.pictureName) },
      w.limit,
      w.offset,
    );
    return pageAnswer(rows.map(toPicture), total, q);
  }

  async get(ctx: Ctx, id: number): Promise<Picture> {
    requireAccess(ctx, MEDIA_ACCESS.pictures);
    requireTenant(ctx);
    const r = await ctx.transact((db) => repo.findPicture(db, ctx.tenantId, id));
    if (!r) throw MediaErrors.pictureNotFound();
    return toPicture(r);
  }

  /** Checks the upload may go (access, the folder exists) before any part is read. */
  async checkUpload(ctx: Ctx, folderId: number | undefined): Promise<void> {
    requireAccess(ctx, MEDIA_ACCESS.upload);
    requireTenant(ctx);
    if (folderId === undefined) return;
    const f = await ctx.transact((db) => repo.findFolder(db, ctx.tenantId, folderId));
    if (!f) throw MediaErrors.folderNotFound();
  }

  /** Stores one file part as a picture; a refusal keeps nothing. */
  async uploadOne(
    ctx: Ctx,
    part: { stream: Readable & { truncated?: boolean }; fileName: string },
    folderId: number | undefined,
  ): Promise<Picture> {
    requireAccess(ctx, MEDIA_ACCESS.upload);
    requireTenant(ctx);
    const tenantId = ctx.tenantId;
    const stored = await this.files.upload(ctx, {
      stream: part.stream,
      partFileName: part.fileName,
      options: { bucketName: PICTURE_BUCKET },
    });
    const thumbKey = `content-media/${tenantId}/pictures/${randomUUID()}/thumb.jpg`;
    const discard = async () => {
      const removed = await ctx.transact((db) => deleteFile(db, tenantId, stored.fileId));
      if (removed) await this.storage.remove(removed.storageKey).catch(() => undefined);
      await this.storage.remove(thumbKey).catch(() => undefined);
    };
    try {
      if (!(PICTURE_TYPES as readonly string[]).includes(stored.contentType)) throw MediaErrors.pictureType();
      const { body } = await this.files.open(ctx, stored.fileId);
      const bytes = await readAll(body);
      const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
      const width = meta.width ?? 0;
      const height = meta.pageHeight ?? meta.height ?? 0;
      await this.storage.put(thumbKey, Readable.from([await makeThumb(bytes)]));
      const row = await ctx.transact((db) =>
        repo.insertPicture(db, tenantId, {
          folderId: folderId ?? null,
          pictureName: nameOf(stored.fileName),
          fileId: stored.fileId,
          contentType: stored.contentType,
          width,
          height,
          fileSize: stored.fileSize,
          thumbKey,
          createdBy: ctx.user.id,
        }),
      );
      return toPicture({ ...row, usageCount: 0 });
    } catch (err) {
      await discard();
      throw err;
    }
  }

  async update(ctx: Ctx, b: PictureUpdate): Promise<Picture> {
    requireAccess(ctx, MEDIA_ACCESS.editPictures);
    requireTenant(ctx);
    const current = await repo.findPicture(ctx.db, ctx.tenantId, b.pictureId);
    if (!current) throw MediaErrors.pictureNotFound();
    if (current.objectVersionNumber !== b.objectVersionNumber) throw CommonErrors.stale();
    if (b.folderId != null && !(await repo.findFolder(ctx.db, ctx.tenantId, b.folderId)))
      throw MediaErrors.folderNotFound();
    const r = await repo.updatePicture(
      ctx.db,
      ctx.tenantId,
      b.pictureId,
      b.objectVersionNumber,
      ctx.user.id,
      {
        pictureName: b.pictureName,
        folderId: b.folderId,
      },
    );
    if (!r) throw CommonErrors.stale();
    return toPicture({ ...r, usageCount: current.usageCount });
  }

  async usage(ctx: Ctx, id: number): Promise<PictureUsage> {
    requireAccess(ctx, MEDIA_ACCESS.pictures);
    requireTenant(ctx);
    if (!(await repo.findPicture(ctx.db, ctx.tenantId, id))) throw MediaErrors.pictureNotFound();
    const owners = await repo.pictureOwners(ctx.db, ctx.tenantId, id);
    return { pictureId: id, owners: owners as PictureUsage['owners'] };
  }

  /** Refused (409 naming the owners) while anything shows it; removes the file and the thumbnail. */
  async remove(ctx: Ctx, id: number, version: number | undefined): Promise<{ success: boolean }> {
    requireAccess(ctx, MEDIA_ACCESS.deletePictures);
    requireTenant(ctx);
    const tenantId = ctx.tenantId;
    const done = await ctx.transact(async (db) => {
      const p = await repo.lockPicture(db, tenantId, id);
      if (!p) throw MediaErrors.pictureNotFound();
      if (version !== undefined && version !== p.objectVersionNumber) throw CommonErrors.stale();
      const owners = await repo.pictureOwners(db, tenantId, id);
      if (owners.length > 0) {
        const zh = { article: '文章', banner: '轮播图', notice: '公告' } as Record<string, string>;
        const en = { article: 'article', banner: 'banner', notice: 'notice' } as Record<string, string>;
        throw MediaErrors.pictureInUse({
          name: p.pictureName,
          whereZh: owners.map((o) => `${zh[o.ownerType]}“${o.title ?? `#${o.ownerId}`}”`).join('、'),
          whereEn: owners.map((o) => `${en[o.ownerType]} "${o.title ?? `#${o.ownerId}`}"`).join(', '),
        });
      }
      await repo.deletePicture(db, tenantId, id);
      const file = await deleteFile(db, tenantId, p.fileId);
      return { thumbKey: p.thumbKey, fileKey: file?.storageKey };
    });
    // Bytes go once the rows are gone for good.
    await this.storage.remove(done.thumbKey).catch(() => undefined);
    if (done.fileKey) await this.storage.remove(done.fileKey).catch(() => undefined);
    return { success: true };
  }

  async thumb(ctx: Ctx, id: number): Promise<Readable> {
    requireAccess(ctx, MEDIA_ACCESS.pictures);
    requireTenant(ctx);
    const p = await ctx.transact((db) => repo.findPicture(db, ctx.tenantId, id));
    if (!p) throw MediaErrors.pictureNotFound();
    const body = await this.storage.get(p.thumbKey);
    if (!body) throw MediaErrors.pictureNotFound();
    return body;
  }
}
