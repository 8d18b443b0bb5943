import path from 'node:path';
import type { Config } from '../config.js';
import { S3Storage } from './s3-storage.js';
import { type FileStorage, LocalDiskStorage, trackReads } from './storage.js';

/** The driver TILTH_STORAGE names, its reads marked as stored content (serve-file.ts). */
export const openStorage = (config: Pick<Config, 'dataDir' | 'storage'>): FileStorage => {
  const s = config.storage;
  if (s.driver === 'disk') return trackReads(new LocalDiskStorage(path.join(config.dataDir, 'files')));
  return trackReads(new S3Storage(s));
};
