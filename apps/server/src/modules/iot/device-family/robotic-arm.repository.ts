import { createHash } from 'node:crypto';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { files } from '../../messaging/file/index.js';
import { devices } from '../device/index.js';

// Robotic arm images: files of bucket 'mar' whose attachment UUID names the arm, so the files table's
// (tenant, attachment) index serves the newest-first page.

export const ARM_IMAGE_BUCKET = 'mar';

/** A stable attachment UUID per arm. */
export const armImageUuid = (tenantId: number, deviceId: number): string => {
  const h = createHash('md5').update(`tilth-arm-images:${tenantId}:${deviceId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

export interface ArmImageRow {
  id: string;
  fileName: string;
  contentType: string;
  fileSize: number;
  creationDate: Date;
}

export const listArmImages = (
  db: Db,
  tenantId: number,
  deviceId: number,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: ArmImageRow[]; total: number }> => {
  const where = and(
    eq(files.tenantId, tenantId),
    eq(files.attachmentUuid, armImageUuid(tenantId, deviceId)),
  ) as SQL;
  return pageRows(
    db
      .select({
        id: files.id,
        fileName: files.fileName,
        contentType: files.contentType,
        fileSize: files.fileSize,
        creationDate: files.creationDate,
      })
      .from(files)
      .where(where)
      .orderBy(desc(files.creationDate), desc(files.id)),
    () => db.select({ n: count() }).from(files).where(where),
    limit,
    offset,
  );
};

/** The device a broker username names, with what authenticating it needs. */
export const findDeviceByAddress = async (db: Db, tenantId: number, typeKey: string, eui: string) => {
  const [r] = await db
    .select({
      id: devices.id,
      eui: devices.eui,
      secretHash: devices.secretHash,
      enabledFlag: devices.enabledFlag,
    })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.typeKey, typeKey), eq(devices.eui, eui)));
  return r;
};
