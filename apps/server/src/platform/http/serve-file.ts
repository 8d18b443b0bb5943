import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ByteSpan, type FileStorage, isStored } from '../files/storage.js';

// The one way stored bytes leave the server (ADR 0007). Whatever a user uploaded, the browser gets it as
// the type sniffed at upload, never sniffs again, never runs it as a page of the console's origin: every
// answer is sandboxed, and anything but a raster image, a video or a PDF is a download.

/**
 * Sandboxes the document itself: no script, no plugin, an opaque origin, nothing fetched. Inline style is
 * let through for the browser's own image viewer (it centres the picture with inline styles); it can fetch
 * nothing, since every load falls back to default-src 'none'.
 */
export const STORED_FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** Types a browser shows inline without running anything of the file's (PDF viewers isolate PDF script). */
const INLINE_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'video/mp4',
  'video/quicktime',
  'application/pdf',
]);

export const isInlineType = (contentType: string): boolean => INLINE_TYPES.has(contentType);

/** RFC 6266 / RFC 5987: an ASCII fallback name and the exact UTF-8 name. */
export const contentDisposition = (kind: 'inline' | 'attachment', name: string): string => {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
};

export interface StoredFile {
  body: Readable | Buffer;
  /** The type sniffed from the bytes at upload (or of the variant made from them), never a client's claim. */
  contentType: string;
  fileName: string;
  /** Bytes, when known before sending. */
  size?: number;
  /** `public` only for files a public page shows; everything else stays out of shared caches. */
  cacheScope?: 'private' | 'public';
  /** Bytes that never change under this URL (a new upload gets a new URL): cached for a year. */
  immutable?: boolean;
  /** A download even for a type browsers show inline (a PDF label sheet to print, not to view). */
  download?: boolean;
}

/** Replies that went through sendStoredFile, for the guard below. */
const served = new WeakSet<FastifyReply>();

/** Sends stored bytes with the headers every stored-file answer carries. Only routes declaring `serves: 'file'`. */
export const sendStoredFile = (reply: FastifyReply, file: StoredFile): FastifyReply => {
  if (reply.request.routeOptions.config.serves !== 'file') {
    throw new Error(
      `${reply.request.routeOptions.url ?? '?'} sends stored files but does not declare serves: 'file'`,
    );
  }
  served.add(reply);
  const kind = isInlineType(file.contentType) && !file.download ? 'inline' : 'attachment';
  reply
    .type(file.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition(kind, file.fileName))
    .header('content-security-policy', STORED_FILE_CSP)
    .header(
      'cache-control',
      `${file.cacheScope ?? 'private'}, ${file.immutable ? 'max-age=31536000, immutable' : 'max-age=3600'}`,
    );
  if (file.size !== undefined) reply.header('content-length', String(file.size));
  return reply.send(file.body);
};

/**
 * onSend guard: stored bytes sent any other way (a new route that forgot the helper) never reach the
 * client; the request fails loudly instead, so the route's tests find it.
 */
export const guardStoredBytes = async (
  req: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> => {
  if (!isStored(payload) || served.has(reply)) return payload;
  (payload as { destroy?: () => void }).destroy?.();
  req.log.error({ url: req.routeOptions.url }, 'stored file bytes sent without sendStoredFile');
  throw new Error(`${req.routeOptions.url ?? '?'} sent stored file bytes without sendStoredFile`);
};

/** One byte range of a file of `size` bytes (RFC 9110 §14), or 'unsatisfiable', or undefined for all. */
export const byteRange = (
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined => {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges or another unit: the whole file, as the RFC allows.
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
};

/** A stored file that can be read from any byte on (a video players seek in). */
export interface RangedFile {
  size: number;
  contentType: string;
  fileName: string;
  /** The whole file or one span of it; rejects when the file went away since `size` was read. */
  open: (part?: ByteSpan) => Promise<Readable>;
}

/** A file in storage as a RangedFile (its size from `stat`), or undefined when there is no such file. */
export const rangedFile = async (
  storage: FileStorage,
  key: string,
  meta: { contentType: string; fileName: string },
): Promise<RangedFile | undefined> => {
  const st = await storage.stat(key);
  if (!st) return undefined;
  return {
    size: st.size,
    ...meta,
    open: async (part) => {
      const body = await storage.get(key, part);
      if (!body) throw new Error(`stored file ${key} went away while being served`);
      return body;
    },
  };
};

/** Sends a file one byte range per request (206; 416 outside it) so players can seek. */
export const sendRanged = async (
  req: FastifyRequest,
  reply: FastifyReply,
  f: RangedFile,
  cache: Pick<StoredFile, 'cacheScope' | 'immutable'> = {},
): Promise<FastifyReply> => {
  const range = byteRange(req.headers.range, f.size);
  reply.header('accept-ranges', 'bytes');
  if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${f.size}`).send();
  // Opened before the status is set: a read that fails answers 500, not a 206 with no body.
  const body = await f.open(range);
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${f.size}`);
  return sendStoredFile(reply, {
    body,
    contentType: f.contentType,
    fileName: f.fileName,
    size: range ? range.end - range.start + 1 : f.size,
    ...cache,
  });
};
