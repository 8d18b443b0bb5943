import { deviceTypeByKey, deviceTypeByLegacyKey } from '@tilth/contracts/device-types';
import type { HotspotDevice } from '@tilth/contracts/vr.types';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { corporations } from '../../identity/organization/index.js';
import { findTenant } from '../../identity/tenant/index.js';
import { cameras } from '../../iot/camera/index.js';
import { findDevice } from '../../iot/device/index.js';
import { ownFiles } from '../../messaging/file/index.js';

/** The registry type key a spec 03 deviceType (aerator_ii, electric_valve, …) stands for. */
export const registryKeyOf = (deviceType: string): string =>
  deviceTypeByLegacyKey(deviceType)?.key ?? deviceTypeByKey(deviceType)?.key ?? deviceType;

/** What a device hotspot shows live: its name, online state and latest values. */
export interface DeviceState {
  name: string;
  online: boolean;
  typeKey: string;
  latest: Record<string, number>;
  latestAt: Date | null;
}

/** The device or camera a hotspot names, when it exists in this tenant with that type. */
export const hotspotDeviceState = async (
  db: Db,
  tenantId: number,
  d: HotspotDevice,
): Promise<DeviceState | undefined> => {
  if (d.deviceType === 'camera') {
    if (!d.id) return undefined;
    const [c] = await db
      .select({ name: cameras.name, online: cameras.online })
      .from(cameras)
      .where(and(eq(cameras.tenantId, tenantId), eq(cameras.id, d.id)));
    return c
      ? { name: c.name, online: c.online === 1, typeKey: 'camera', latest: {}, latestAt: null }
      : undefined;
  }
  if (!d.concentratorId) return undefined;
  const row = await findDevice(db, tenantId, d.concentratorId);
  if (!row || row.typeKey !== registryKeyOf(d.deviceType)) return undefined;
  return {
    name: row.name,
    online: row.online,
    typeKey: row.typeKey,
    latest: row.latest,
    latestAt: row.latestAt,
  };
};

/** Which of `ids` are pictures stored by this tenant. */
export const ownImageIds = async (db: Db, tenantId: number, ids: readonly string[]): Promise<Set<string>> =>
  new Set(
    (await ownFiles(db, tenantId, ids))
      .filter((f) => f.contentType.startsWith('image/'))
      .map((f) => f.id.toLowerCase()),
  );

/** The company name and logo a public tour page shows (the tenant's name; its oldest company's logo). */
export const tenantBrand = async (
  db: Db,
  tenantId: number,
): Promise<{ companyName: string; logoUrl: string | null }> => {
  const t = await findTenant(db, tenantId);
  const [c] = await db
    .select({ logoUrl: corporations.logoUrl })
    .from(corporations)
    .where(and(eq(corporations.tenantId, tenantId), isNotNull(corporations.logoUrl)))
    .orderBy(asc(corporations.unitId))
    .limit(1);
  return { companyName: t?.tenantName ?? '', logoUrl: c?.logoUrl ?? null };
};

/** The first camera of the tenant (by sort, then id) for the demo tour's camera hotspot. */
export const firstCamera = async (
  db: Db,
  tenantId: number,
): Promise<{ id: number; name: string; deviceSerial: string } | undefined> => {
  const [c] = await db
    .select({ id: cameras.id, name: cameras.name, deviceSerial: cameras.deviceSerial })
    .from(cameras)
    .where(eq(cameras.tenantId, tenantId))
    .orderBy(asc(cameras.sort), asc(cameras.id))
    .limit(1);
  return c;
};
