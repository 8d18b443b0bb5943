import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Db } from '../../../platform/db/client.js';
import type { FileStorage } from '../../../platform/files/storage.js';
import { fileUrlOf, insertFile } from '../../messaging/file/index.js';
import type { Still } from '../camera-media/index.js';

export const CAMERA_STILL_BUCKET = 'camera';

/** Stores a captured JPEG as a tenant file (the files domain's row, bytes on storage). */
export const storeStill = async (
  db: Db,
  storage: FileStorage,
  tenantId: number,
  userId: number | null,
  cam: { id: number; deviceSerial: string },
  still: Still,
): Promise<{ fileId: string; fileUrl: string; takenAt: Date }> => {
  const fileId = randomUUID();
  const at = still.takenAt;
  const storageKey = `${tenantId}/${CAMERA_STILL_BUCKET}/${at.toISOString().slice(0, 7).replace('-', '/')}/${fileId}`;
  await storage.put(storageKey, Readable.from([still.data]));
  const stamp = at.toISOString().replace(/[-:]/g, '').slice(0, 15);
  try {
    await insertFile(db, {
      tenantId,
      id: fileId,
      attachmentUuid: null,
      bucketName: CAMERA_STILL_BUCKET,
      fileName: `${cam.deviceSerial.replace(/[^\w-]/g, '_')}-${stamp}.jpg`,
      contentType: 'image/jpeg',
      fileSize: still.data.length,
      storageKey,
      createdBy: userId,
    });
  } catch (err) {
    await storage.remove(storageKey).catch(() => undefined);
    throw err;
  }
  return { fileId, fileUrl: fileUrlOf(tenantId, fileId), takenAt: at };
};
