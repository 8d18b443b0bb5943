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
