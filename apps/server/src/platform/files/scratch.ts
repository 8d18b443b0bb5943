import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from './storage.js';

// Scratch files for the tools that need a path (ffmpeg, ffprobe, sharp's tiler): a private directory
// under the process's temp dir (TILTH_SCRATCH_DIR, default the OS's), always removed after. Scratch is never storage: the result is put back
// into FileStorage before the work counts as done, so any process (or none of the disk) can serve it.

/** Runs `work` in a fresh directory under `root` and removes the directory however `work` ends. */
export const withScratchDir = async <T>(
  root: string,
  label: string,
  work: (dir: string) => Promise<T>,
): Promise<T> => {
  await mkdir(root, { recursive: true });
  const dir = await mkdtemp(path.join(root, `tilth-${label}-`));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

/** Copies a stored file to `file` (streamed); false when the key is missing. */
export const fetchToFile = async (storage: FileStorage, key: string, file: string): Promise<boolean> => {
  const body = await storage.get(key);
  if (!body) return false;
  await pipeline(body, createWriteStream(file));
  return true;
};

/** Stores the bytes of `file` under `key` (streamed). */
export const storeFile = (storage: FileStorage, key: string, file: string): Promise<void> =>
  storage.put(key, createReadStream(file));
