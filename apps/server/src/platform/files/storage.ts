import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Bytes `start` to `end` of a stored file, both included (an HTTP byte range already checked). */
export interface ByteSpan {
  start: number;
  end: number;
}

export interface StoredStat {
  size: number;
  modified: Date;
}

/**
 * Where file bytes live: local disk (TILTH_STORAGE=disk, the default) or an S3-compatible store
 * (TILTH_STORAGE=s3, s3-storage.ts). Both stream both ways; neither holds a whole file in memory.
 */
export interface FileStorage {
  put(key: string, body: Readable): Promise<void>;
  /** The file's bytes (or one span of them), or undefined when there is no such file. */
  get(key: string, span?: ByteSpan): Promise<Readable | undefined>;
  stat(key: string): Promise<StoredStat | undefined>;
  /** Removing a missing key is not an error. */
  remove(key: string): Promise<void>;
}

/**
 * A storage key checked the same way for every driver: relative, `/`-separated, no `.`/`..` or empty
 * segment, no backslash or control character. Keys are server-made; this refuses one that would climb
 * out of the disk root (or name something else in a bucket) whatever built it.
 */
export const checkKey = (key: string): string => {
  const segments = key.split('/');
  if (
    key.length === 0 ||
    key.length > 1000 ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    /[\\\x00-\x1f\x7f]/.test(key) ||
    segments.some((s) => s === '' || s === '.' || s === '..')
  ) {
    throw new Error(`bad storage key ${JSON.stringify(key)}`);
  }
  return key;
};

/**
 * Keeps a put's body's first error from the moment the body is handed over: it may fail before anything
 * reads it (a file stream whose file is gone), and unheard that error ends the process. `done` stops
 * listening and destroys a body left unread.
 */
export const watchBody = (body: Readable): { error(): unknown; done(): void } => {
  let first: unknown;
  const onError = (err: unknown) => {
    first ??= err;
  };
  body.on('error', onError);
  return {
    error: () => first,
    done: () => {
      body.off('error', onError);
      if (!body.readableEnded) body.destroy();
    },
  };
};

export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    const p = path.resolve(this.root, checkKey(key));
    // Belt and braces: never let a key climb out of the storage root.
    if (!p.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`bad storage key ${key}`);
    return p;
  }

  async put(key: string, body: Readable): Promise<void> {
    const p = this.pathOf(key);
    const watched = watchBody(body);
    // Written aside, then renamed: a reader never sees half a file, and a refused or broken body leaves
    // the key as it was (as an aborted S3 upload does).
    const part = `${p}.${randomUUID()}.part`;
    try {
      await mkdir(path.dirname(p), { recursive: true });
      await pipeline(body, createWriteStream(part));
      await rename(part, p);
    } catch (err) {
      await rm(part, { force: true });
      throw watched.error() ?? err;
    } finally {
      watched.done();
    }
  }

  async get(key: string, span?: ByteSpan): Promise<Readable | undefined> {
    const p = this.pathOf(key);
    if (!(await this.stat(key))) return undefined;
    return createReadStream(p, span ? { start: span.start, end: span.end } : {});
  }

  async stat(key: string): Promise<StoredStat | undefined> {
    const s = await stat(this.pathOf(key)).catch(() => undefined);
    return s?.isFile() ? { size: s.size, modified: s.mtime } : undefined;
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

// Bytes read from storage are marked, so the HTTP layer can refuse to send them other than through
// sendStoredFile (platform/http/serve-file.ts), which sets the headers that keep them from running script.
const stored = new WeakSet<object>();

/** Marks bytes as stored content (a read stream, or a buffer made from one such as a resized image). */
export const markStored = <T extends object>(bytes: T): T => {
  stored.add(bytes);
  return bytes;
};

export const isStored = (payload: unknown): boolean =>
  typeof payload === 'object' && payload !== null && stored.has(payload);

/** A driver whose every read is marked as stored content, whatever the driver. */
export const trackReads = (inner: FileStorage): FileStorage => ({
  put: (key, body) => inner.put(key, body),
  get: async (key, span) => {
    const body = await inner.get(key, span);
    return body && markStored(body);
  },
  stat: (key) => inner.stat(key),
  remove: (key) => inner.remove(key),
});
