import { Readable } from 'node:stream';
import type { Db } from '../../../platform/db/client.js';
import type { FileStorage } from '../../../platform/files/storage.js';
import { setFileSize } from '../../messaging/file/index.js';
import { renderTrapBoard, scatterDots, seeded } from './insect.board.js';
import type * as repo from './insect.repository.js';

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** JPG or PNG by magic bytes, never by name. */
export const photoType = (b: Buffer): { contentType: string; ext: string } | undefined => {
  if (JPEG.every((v, i) => b[i] === v)) return { contentType: 'image/jpeg', ext: 'jpg' };
  if (PNG.every((v, i) => b[i] === v)) return { contentType: 'image/png', ext: 'png' };
  return undefined;
};

export const DEMO_W = 1024;
export const DEMO_H = 768;
/** Demo photos are drawn on first use (the seed has no file storage): their names carry the recipe. */
export const DEMO_NAME = /^demo-board-(\d{1,3})-(\d{1,9})\.jpg$/;

/** Renders and stores a demo photo the seed only described; a no-op for real photos. */
export const materializeDemoPhoto = async (
  db: Db,
  storage: FileStorage,
  tenantId: number,
  file: repo.PhotoFile,
): Promise<boolean> => {
  const m = DEMO_NAME.exec(file.fileName);
  if (!m || file.fileSize > 0) return false;
  const image = await renderTrapBoard({
    width: DEMO_W,
    height: DEMO_H,
    dots: scatterDots(Number(m[1]), seeded(Number(m[2]))),
  });
  await storage.put(file.storageKey, Readable.from([image]));
  await setFileSize(db, tenantId, file.id, image.length);
  file.fileSize = image.length;
  return true;
};
