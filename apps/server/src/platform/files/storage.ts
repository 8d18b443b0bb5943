import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where file bytes live. Local disk by default; an S3 driver implements the same three calls. */
export interface FileStorage {
  put(key: string, body: Readable): Promise<void>;
  get(key: string): Promise<Readable | undefined>;
  remove(key: string): Promise<void>;
}

export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    const p = path.resolve(this.root, key);
    // Keys are server-made, but never let one climb out of the storage root.
    if (!p.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`bad storage key ${key}`);
    return p;
  }

  async put(key: string, body: Readable): Promise<void> {
    const p = this.pathOf(key);
    await mkdir(path.dirname(p), { recursive: true });
    await pipeline(body, createWriteStream(p));
  }

  async get(key: string): Promise<Readable | undefined> {
    const p = this.pathOf(key);
    try {
      await stat(p);
    } catch {
      return undefined;
    }
    return createReadStream(p);
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
  get: async (key) => {
    const body = await inner.get(key);
    return body && markStored(body);
  },
  remove: (key) => inner.remove(key),
});
