import { and, asc, count, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump } from '../../../platform/db/writes.js';
import { deviceChannels } from '../control/index.js';
import { devices } from '../device/index.js';
import { deviceGroupMembers, deviceGroups } from './automation.tables.js';

// Device groups and their members (whole devices, or one switch / pump channel of a device).

export type GroupRow = typeof deviceGroups.$inferSelect;

export interface GroupValues {
  name: string;
  areaId: number | null;
  description: string | null;
}

export interface MemberValue {
  deviceId: number;
  channelId: number | null;
}

const groupById = (tenantId: number, id: number): SQL =>
  and(eq(deviceGroups.tenantId, tenantId), eq(deviceGroups.id, id)) as SQL;

export const listGroups = async (
  db: Db,
  tenantId: number,
  f: { kind: string; name?: string | undefined; areaId?: number | undefined },
  limit?: number,
  offset = 0,
): Promise<{ rows: GroupRow[]; total: number }> => {
  const parts: SQL[] = [eq(deviceGroups.tenantId, tenantId), eq(deviceGroups.kind, f.kind)];
  if (f.name) parts.push(ilike(deviceGroups.name, `%${escapeLike(f.name)}%`));
  if (f.areaId !== undefined) parts.push(eq(deviceGroups.areaId, f.areaId));
  const where = and(...parts) as SQL;
  return pageRows(
    db.select().from(deviceGroups).where(where).orderBy(asc(deviceGroups.name), asc(deviceGroups.id)),
    () => db.select({ n: count() }).from(deviceGroups).where(where),
    limit,
    offset,
  );
};

export const findGroup = async (db: Db, tenantId: number, id: number): Promise<GroupRow | undefined> => {
  const [r] = await db.select().from(deviceGroups).where(groupById(tenantId, id));
  return r;
};

export const groupNameTaken = async (
  db: Db,
  tenantId: number,
  kind: string,
  name: string,
  exceptId?: number,
): Promise<boolean> => {
  const [r] = await db
    .select({ id: deviceGroups.id })
    .from(deviceGroups)
    .where(
      and(
        eq(deviceGroups.tenantId, tenantId),
        eq(deviceGroups.kind, kind),
        eq(deviceGroups.name, name),
        exceptId === undefined ? undefined : ne(deviceGroups.id, exceptId),
      ),
    );
  return r !== undefined;
};

export const insertGroup = async (
  db: Db,
  tenantId: number,
  userId: number,
  kind: string,
  v: GroupValues,
): Promise<number> => {
  const [r] = await db
    .insert(deviceGroups)
    .values({ tenantId, kind, ...v, createdBy: userId, lastUpdatedBy: userId })
    .returning({ id: deviceGroups.id });
  if (!r) throw new Error('group insert returned nothing');
  return r.id;
};

export const updateGroup = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: GroupValues,
): Promise<boolean> => {
  const r = await db
    .update(deviceGroups)
    .set({ ...v, ...bump(userId, deviceGroups.objectVersionNumber) })
    .where(and(groupById(tenantId, id), eq(deviceGroups.objectVersionNumber, version)))
    .returning({ id: deviceGroups.id });
  return r.length > 0;
};

export const deleteGroup = async (db: Db, tenantId: number, id: number): Promise<boolean> => {
  await db
    .delete(deviceGroupMembers)
    .where(and(eq(deviceGroupMembers.tenantId, tenantId), eq(deviceGroupMembers.groupId, id)));
  const gone = await db
    .delete(deviceGroups)
    .where(groupById(tenantId, id))
    .returning({ id: deviceGroups.id });
  return gone.length > 0;
};

export const replaceMembers = async (
  db: Db,
  tenantId: number,
  groupId: number,
  members: readonly MemberValue[],
): Promise<void> => {
  await db
    .delete(deviceGroupMembers)
    .where(and(eq(deviceGroupMembers.tenantId, tenantId), eq(deviceGroupMembers.groupId, groupId)));
  if (members.length === 0) return;
  await db
    .insert(deviceGroupMembers)
    .values(
      members.map((m, i) => ({ tenantId, groupId, deviceId: m.deviceId, channelId: m.channelId, sort: i })),
    );
};

/** Members of groups, in order, with their device and channel. */
export const membersOf = (db: Db, tenantId: number, groupIds: readonly number[]) =>
  groupIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          groupId: deviceGroupMembers.groupId,
          deviceId: deviceGroupMembers.deviceId,
          channelId: deviceGroupMembers.channelId,
          deviceName: devices.name,
          typeKey: devices.typeKey,
          eui: devices.eui,
          online: devices.online,
          channelName: deviceChannels.name,
        })
        .from(deviceGroupMembers)
        .innerJoin(
          devices,
          and(eq(devices.tenantId, deviceGroupMembers.tenantId), eq(devices.id, deviceGroupMembers.deviceId)),
        )
        .leftJoin(
          deviceChannels,
          and(
            eq(deviceChannels.tenantId, deviceGroupMembers.tenantId),
            eq(deviceChannels.id, deviceGroupMembers.channelId),
          ),
        )
        .where(
          and(eq(deviceGroupMembers.tenantId, tenantId), inArray(deviceGroupMembers.groupId, [...groupIds])),
        )
        .orderBy(asc(deviceGroupMembers.sort), asc(deviceGroupMembers.deviceId));

export const groupNames = async (db: Db, tenantId: number, ids: readonly number[]) =>
  ids.length === 0
    ? new Map<number, string>()
    : new Map(
        (
          await db
            .select({ id: deviceGroups.id, name: deviceGroups.name })
            .from(deviceGroups)
            .where(and(eq(deviceGroups.tenantId, tenantId), inArray(deviceGroups.id, [...ids])))
        ).map((g) => [g.id, g.name]),
      );

/** Deleted devices leave every group (device deletion, inside its transaction). */
export const removeDevicesFromGroups = async (
  db: Db,
  tenantId: number,
  deviceIds: readonly number[],
): Promise<void> => {
  if (deviceIds.length === 0) return;
  await db
    .delete(deviceGroupMembers)
    .where(
      and(eq(deviceGroupMembers.tenantId, tenantId), inArray(deviceGroupMembers.deviceId, [...deviceIds])),
    );
};
