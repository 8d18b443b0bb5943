import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { type FileView, type ImageQuery, uploadFields } from '@tilth/contracts';
import type { PermissionCode } from '@tilth/contracts/permissions';
import { CommonErrors } from '../../../platform/errors.js';
import { type FileStorage, markStored } from '../../../platform/files/storage.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import { FileErrors } from './file.errors.js';
import {
  bucketed,
  framePixels,
  type ImageOutput,
  imageOutputFor,
  isDecodedImage,
  resizeImage,
  resizeSlots,
  variantKey,
} from './file.image.js';
import * as repo from './file.repository.js';
import { extensionFits, SNIFF_BYTES, sniffContentType } from './file.sniff.js';

/** Besides the uploader, holders of these codes may delete a tenant's files (they manage attachments). */
const FILE_MANAGERS: readonly PermissionCode[] = [
  'wfpf.company.system.notice-manger.ps.edit',
  'wfpf.company.system.notice-manger.ps.delete',
];

export interface UploadInput {
  /** The file part's byte stream; `truncated` is set when it went over the size limit. */
  stream: Readable & { truncated?: boolean };
  /** The name the part carried. */
  partFileName: string;
  /** Query parameters and form fields together (fields win). */
  options: Record<string, unknown>;
}

export interface FileBody {
  file: repo.FileRow;
  body: Readable;
}

export interface ImageBody {
  body: Readable | Buffer;
  contentType: string;
  fileName: string;
  /** HIT: served from the variant cache; MISS: resized now. */
  cache: 'HIT' | 'MISS';
}

export interface FileLimits {
  uploadLimitBytes: number;
  /** Largest image (pixels of one frame) accepted at upload and decoded when resizing. */
  imageMaxPixels: number;
}

/** Variants being made now, by storage key: a burst of the same request resizes once. */
const making = new Map<string, Promise<Buffer>>();

export const fileUrlOf = (tenantId: number, id: string): string => `/hfle/v1/${tenantId}/files/${id}/file`;

/** The name to keep: no directories, no control characters, at most 255 characters. */
export const cleanFileName = (name: string): string => {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, 255) || 'file';
};

const view = (tenantId: number, f: repo.FileRow): FileView => ({
  fileId: f.id,
  fileUrl: fileUrlOf(tenantId, f.id),
  fileName: f.fileName,
  attachmentUuid: f.attachmentUuid,
  contentType: f.contentType,
  fileSize: f.fileSize,
});

type Iter = AsyncIterator<Buffer>;

/** The upload stream as an iterator whose failures (a cut or garbled body) are the caller's, not ours. */
const inputIterator = (stream: Readable): Iter => {
  const it: Iter = stream[Symbol.asyncIterator]();
  return {
    next: async () => {
      try {
        return await it.next();
      } catch {
        throw FileErrors.malformed();
      }
    },
  };
};

const readHead = async (it: Iter, bytes: number): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  let n = 0;
  while (n < bytes) {
    const r = await it.next();
    if (r.done) break;
    chunks.push(r.value);
    n += r.value.length;
  }
  return Buffer.concat(chunks);
};

const drain = async (it: Iter): Promise<void> => {
  while (!(await it.next()).done) {
    // Read and drop the rest so the request completes before the refusal is sent.
  }
};

const readAll = async (body: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

/** Files and images (ARCHITECTURE §7): bytes on platform.storage, a row per file in the tenant. */
export class FileService {
  private readonly limitBytes: number;
  private readonly maxPixels: number;

  constructor(
    private readonly storage: FileStorage,
    limits: FileLimits,
  ) {
    this.limitBytes = limits.uploadLimitBytes;
    this.maxPixels = limits.imageMaxPixels;
  }

  private tooLarge() {
    return FileErrors.tooLarge({ n: Math.round(this.limitBytes / (1024 * 1024)) });
  }

  /** Refuses an image whose frame is over the pixel bound (a decompression bomb) or cannot be measured. */
  private checkPixels(pixels: number | undefined): void {
    if (pixels === undefined) throw FileErrors.unreadableImage();
    if (pixels > this.maxPixels) {
      throw FileErrors.tooManyPixels({
        mp: Math.round(pixels / 1_000_000),
        max: Math.round(this.maxPixels / 1_000_000),
      });
    }
  }

  /** Streams one upload to storage, refusing it by content (magic bytes) or size, then records it. */
  async upload(ctx: Ctx, input: UploadInput): Promise<FileView> {
    requireAccess(ctx, 'authenticated');
    requireTenant(ctx);
    const it = inputIterator(input.stream);
    const parsed = uploadFields.safeParse(input.options);
    if (!parsed.success) {
      await drain(it);
      const issue = parsed.error.issues[0];
      throw CommonErrors.validation({
        detail: `${issue?.path.join('.') ?? 'request'}: ${issue?.message ?? ''}`,
      });
    }
    const fileName = cleanFileName(parsed.data.fileName || input.partFileName);
    const head = await readHead(it, SNIFF_BYTES);
    if (head.length === 0) throw FileErrors.emptyFile();
    const contentType = sniffContentType(head, fileName);
    if (!contentType) {
      await drain(it);
      throw FileErrors.unsupportedType();
    }
    if (!extensionFits(contentType, fileName)) {
      await drain(it);
      throw FileErrors.extensionMismatch({ name: fileName, type: contentType });
    }
    // Image headers sit in the first bytes (an SVG's size needs the whole document, read once stored).
    const measure = isDecodedImage(contentType);
    const headPixels = measure && contentType !== 'image/svg+xml' ? await framePixels(head) : undefined;
    if (headPixels !== undefined && headPixels > this.maxPixels) {
      await drain(it);
      this.checkPixels(headPixels);
    }
    const bucketName = parsed.data.bucketName ?? 'public';
    const id = randomUUID();
    const now = new Date();
    const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const storageKey = `${ctx.tenantId}/${bucketName}/${month}/${id}`;
    let size = 0;
    async function* body(): AsyncGenerator<Buffer> {
      size += head.length;
      yield head;
      for (let r = await it.next(); !r.done; r = await it.next()) {
        size += r.value.length;
        yield r.value;
      }
    }
    const discard = () => this.storage.remove(storageKey).catch(() => undefined);
    try {
      await this.storage.put(storageKey, Readable.from(body()));
    } catch (err) {
      await discard();
      if (input.stream.truncated) throw this.tooLarge();
      throw err;
    }
    // The multipart parser stops at the limit and flags the stream; nothing of it is kept.
    if (input.stream.truncated || size > this.limitBytes) {
      await discard();
      throw this.tooLarge();
    }
    if (measure && headPixels === undefined) {
      const stored = await this.storage.get(storageKey);
      const pixels = stored ? await framePixels(await readAll(stored)) : undefined;
      try {
        this.checkPixels(pixels);
      } catch (err) {
        await discard();
        throw err;
      }
    }
    const row: repo.FileRow = {
      tenantId: ctx.tenantId,
      id,
      attachmentUuid: parsed.data.attachmentUuid ?? null,
      bucketName,
      fileName,
      contentType,
      fileSize: size,
      storageKey,
      createdBy: ctx.user.id,
    };
    try {
      await ctx.transact((db) => repo.insertFile(db, row));
    } catch (err) {
      await discard();
      throw err;
    }
    return view(ctx.tenantId, row);
  }

  // Callers check access first (a session, or a public page's reference to the file).
  private async find(ctx: Ctx, id: string): Promise<repo.FileRow> {
    const tenantId = ctx.tenantId;
    if (tenantId === null) throw FileErrors.fileNotFound();
    const file = await ctx.transact((db) => repo.findReadable(db, tenantId, id));
    if (!file) throw FileErrors.fileNotFound();
    return file;
  }

  /** The stored bytes of a file of this tenant or of the platform. */
  async open(ctx: Ctx, id: string): Promise<FileBody> {
    requireAccess(ctx, 'authenticated');
    const file = await this.find(ctx, id);
    const body = await this.storage.get(file.storageKey);
    if (!body) throw FileErrors.fileNotFound();
    return { file, body };
  }

  /** Files carrying an attachmentUuid, the tenant's and the platform's. */
  async list(ctx: Ctx, attachmentUuid: string): Promise<Omit<FileView, 'attachmentUuid'>[]> {
    requireAccess(ctx, 'authenticated');
    requireTenant(ctx);
    const tenantId = ctx.tenantId;
    const rows = await ctx.transact((db) =>
      repo.listByAttachment(db, repo.readableTenants(tenantId), attachmentUuid),
    );
    return rows.map((f) => {
      const { attachmentUuid: _, ...rest } = view(tenantId, f);
      return rest;
    });
  }

  /** Attachments of an owner's record (a notice): files of that owner tenant only, addressed for the caller. */
  async attachmentsOf(
    ctx: Ctx,
    ownerTenantId: number,
    attachmentUuid: string | null,
  ): Promise<{ fileUrl: string; fileName: string }[]> {
    requireAccess(ctx, 'authenticated');
    requireTenant(ctx);
    if (!attachmentUuid || !repo.readableTenants(ctx.tenantId).includes(ownerTenantId)) return [];
    const tenantId = ctx.tenantId;
    const rows = await ctx.transact((db) => repo.listByAttachment(db, [ownerTenantId], attachmentUuid));
    return rows.map((f) => ({ fileUrl: fileUrlOf(tenantId, f.id), fileName: f.fileName }));
  }

  /** Deletes a file of this tenant: its uploader or a file manager may. */
  async remove(ctx: Ctx, id: string): Promise<{ success: boolean }> {
    requireAccess(ctx, 'authenticated');
    requireTenant(ctx);
    const { tenantId, user } = ctx;
    const removed = await ctx.transact(async (db) => {
      const file = await repo.findReadable(db, tenantId, id);
      if (!file || file.tenantId !== tenantId) throw FileErrors.fileNotFound();
      if (file.createdBy !== user.id && !FILE_MANAGERS.some((c) => ctx.permissions.has(c))) {
        throw FileErrors.notOwner();
      }
      return repo.deleteFile(db, tenantId, id);
    });
    // Bytes go after the row is gone for good; resized variants stay in the cache (see docs/api-messages.md).
    if (removed) await this.storage.remove(removed.storageKey);
    return { success: true };
  }

  /** A resized copy of an image, made once per size and flag and then served from storage. */
  async image(ctx: Ctx, id: string, q: ImageQuery): Promise<ImageBody> {
    requireAccess(ctx, 'authenticated');
    return this.resized(ctx, id, q);
  }

  /**
   * An image a public page shows (the /seed page), for visitors without a session. The caller has
   * checked that the public record references this file; only the tenant's own files are reachable.
   */
  async publicImage(ctx: Ctx, id: string, q: ImageQuery): Promise<ImageBody> {
    requireAccess(ctx, 'public');
    return this.resized(ctx, id, q);
  }

  private async resized(ctx: Ctx, id: string, q: ImageQuery): Promise<ImageBody> {
    const file = await this.find(ctx, id);
    const out = imageOutputFor(file.contentType);
    if (!out) throw FileErrors.notImage();
    const size = bucketed(q);
    const key = variantKey(file.storageKey, size, out);
    const fileName = `${file.fileName.replace(/\.[^.]*$/, '')}.${out.ext}`;
    const cached = await this.storage.get(key);
    if (cached) return { body: cached, contentType: out.contentType, fileName, cache: 'HIT' };
    const body = await this.makeVariant(ctx, file, key, size, out);
    return { body, contentType: out.contentType, fileName, cache: 'MISS' };
  }

  /** Resizes and caches one variant, within the process-wide resize slots, once per burst of requests. */
  private makeVariant(
    ctx: Ctx,
    file: repo.FileRow,
    key: string,
    size: ImageQuery,
    out: ImageOutput,
  ): Promise<Buffer> {
    const pending = making.get(key);
    if (pending) return pending;
    const job = resizeSlots
      .run(async () => {
        const original = await this.storage.get(file.storageKey);
        if (!original) throw FileErrors.fileNotFound();
        let resized: Buffer;
        try {
          resized = await resizeImage(original, size, out, this.maxPixels);
        } catch (err) {
          original.destroy();
          ctx.log.warn({ err, fileId: file.id }, 'image resize failed');
          throw FileErrors.notImage();
        }
        await this.storage.put(key, Readable.from([resized]));
        return markStored(resized);
      })
      .finally(() => making.delete(key));
    making.set(key, job);
    return job;
  }
}
