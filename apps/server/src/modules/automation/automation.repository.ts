import { and, asc, count, desc, eq, gte, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { pageRows } from '../../platform/db/paging.js';
import { bump } from '../../platform/db/writes.js';
import { areas } from '../area/area.tables.js';
import { deviceChannels, devices } from '../device/device.tables.js';
import { telemetryHourly } from '../telemetry/telemetry.tables.js';
import { deviceGroupMembers, deviceGroups, strategies, strategyRuns } from './automation.tables.js';

export type GroupRow = typeof deviceGroups.$inferSelect;
export type StrategyRow = typeof strategies.$inferSelect;
export type RunRow = typeof strategyRuns.$inferSelect;

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

// Devices and channels.

export interface DeviceInfo {
  id: number;
  name: string;
  typeKey: string;
  eui: string;
  online: boolean;
  latest: Record<string, number>;
  latestAt: Date | null;
}

const deviceCols = {
  id: devices.id,
  name: devices.name,
  typeKey: devices.typeKey,
  eui: devices.eui,
  online: devices.online,
  latest: devices.latest,
  latestAt: devices.latestAt,
};

export const devicesByIds = (db: Db, tenantId: number, ids: readonly number[]): Promise<DeviceInfo[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select(deviceCols)
        .from(devices)
        .where(and(eq(devices.tenantId, tenantId), inArray(devices.id, [...ids])));

export const channelsByIds = (db: Db, tenantId: number, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select({
          id: deviceChannels.id,
          deviceId: deviceChannels.deviceId,
          name: deviceChannels.name,
          kind: deviceChannels.kind,
          circuit: deviceChannels.circuit,
        })
        .from(deviceChannels)
        .where(and(eq(deviceChannels.tenantId, tenantId), inArray(deviceChannels.id, [...ids])));

export const baseExists = async (db: Db, tenantId: number, id: number): Promise<boolean> => {
  const [r] = await db
    .select({ id: areas.id })
    .from(areas)
    .where(and(eq(areas.tenantId, tenantId), eq(areas.id, id)));
  return r !== undefined;
};

/** Rain today: the sum of `rainfall` and the highest `rainFlag` in hourly buckets since `dayStart`. */
export const rainSince = async (
  db: Db,
  tenantId: number,
  deviceId: number,
  dayStart: Date,
): Promise<{ rainfall: number; rainFlag: number }> => {
  const [r] = await db
    .select({
      rainfall:
        sql<number>`coalesce(sum(${telemetryHourly.sum}) filter (where ${telemetryHourly.metric} = 'rainfall'), 0)`.mapWith(
          Number,
        ),
      rainFlag:
        sql<number>`coalesce(max(${telemetryHourly.max}) filter (where ${telemetryHourly.metric} = 'rainFlag'), 0)`.mapWith(
          Number,
        ),
    })
    .from(telemetryHourly)
    .where(
      and(
        eq(telemetryHourly.tenantId, tenantId),
        eq(telemetryHourly.deviceId, deviceId),
        inArray(telemetryHourly.metric, ['rainfall', 'rainFlag']),
        gte(telemetryHourly.bucket, dayStart),
      ),
    );
  return r ?? { rainfall: 0, rainFlag: 0 };
};

// Groups.

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

// Strategies.

export interface StrategyValues {
  name: string;
  enabledFlag: number;
  trigger: Record<string, unknown>;
  guards: Record<string, unknown>[];
  action: Record<string, unknown>;
  description: string | null;
}

const strategyById = (tenantId: number, id: number): SQL =>
  and(eq(strategies.tenantId, tenantId), eq(strategies.id, id)) as SQL;

export const listStrategies = async (
  db: Db,
  tenantId: number,
  f: { name?: string | undefined; enabledFlag?: number | undefined },
  limit?: number,
  offset = 0,
): Promise<{ rows: StrategyRow[]; total: number }> => {
  const parts: SQL[] = [eq(strategies.tenantId, tenantId)];
  if (f.name) parts.push(ilike(strategies.name, `%${escapeLike(f.name)}%`));
  if (f.enabledFlag !== undefined) parts.push(eq(strategies.enabledFlag, f.enabledFlag));
  const where = and(...parts) as SQL;
  return pageRows(
    db.select().from(strategies).where(where).orderBy(desc(strategies.id)),
    () => db.select({ n: count() }).from(strategies).where(where),
    limit,
    offset,
  );
};

export const findStrategy = async (
  db: Db,
  tenantId: number,
  id: number,
  lock?: 'update',
): Promise<StrategyRow | undefined> => {
  const q = db.select().from(strategies).where(strategyById(tenantId, id));
  const [r] = lock ? await q.for(lock) : await q;
  return r;
};

/** Strategies the engine looks at: enabled ones, and any with a stop still due. Locked, skipping busy rows. */
export const dueStrategies = (db: Db, tenantId: number): Promise<StrategyRow[]> =>
  db
    .select()
    .from(strategies)
    .where(
      and(
        eq(strategies.tenantId, tenantId),
        sql`(${strategies.enabledFlag} = 1 or ${strategies.quietUntil} is not null)`,
      ),
    )
    .orderBy(asc(strategies.id))
    .for('update', { skipLocked: true });

/** Strategies using a group as their target. */
export const strategiesOfGroup = (db: Db, tenantId: number, groupId: number) =>
  db
    .select({ id: strategies.id, name: strategies.name })
    .from(strategies)
    .where(
      and(
        eq(strategies.tenantId, tenantId),
        sql`${strategies.action}->>'targetKind' = 'group'`,
        sql`(${strategies.action}->>'targetId')::bigint = ${groupId}`,
      ),
    );

export const insertStrategy = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: StrategyValues,
): Promise<number> => {
  const [r] = await db
    .insert(strategies)
    .values({ tenantId, ...v, createdBy: userId, lastUpdatedBy: userId })
    .returning({ id: strategies.id });
  if (!r) throw new Error('strategy insert returned nothing');
  return r.id;
};

export const updateStrategy = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number | undefined,
  userId: number,
  v: Partial<StrategyValues> & { conditionSince?: Date | null },
): Promise<boolean> => {
  const where =
    version === undefined
      ? strategyById(tenantId, id)
      : and(strategyById(tenantId, id), eq(strategies.objectVersionNumber, version));
  const r = await db
    .update(strategies)
    .set({ ...v, ...bump(userId, strategies.objectVersionNumber) })
    .where(where)
    .returning({ id: strategies.id });
  return r.length > 0;
};

/** Engine bookkeeping; not a user edit, so the version stays. */
export const setStrategyState = async (
  db: Db,
  tenantId: number,
  id: number,
  v: { conditionSince?: Date | null; lastRunAt?: Date | null; quietUntil?: Date | null },
): Promise<void> => {
  await db.update(strategies).set(v).where(strategyById(tenantId, id));
};

export const deleteStrategy = async (db: Db, tenantId: number, id: number): Promise<boolean> => {
  await db
    .delete(strategyRuns)
    .where(and(eq(strategyRuns.tenantId, tenantId), eq(strategyRuns.strategyId, id)));
  const gone = await db.delete(strategies).where(strategyById(tenantId, id)).returning({ id: strategies.id });
  return gone.length > 0;
};

// Runs.

export const insertRun = async (
  db: Db,
  tenantId: number,
  v: { strategyId: number; outcome: string; message: string; commandIds: string[]; at: Date },
): Promise<RunRow> => {
  const [r] = await db
    .insert(strategyRuns)
    .values({ tenantId, ...v })
    .returning();
  if (!r) throw new Error('strategy run insert returned nothing');
  return r;
};

export const listRuns = async (
  db: Db,
  tenantId: number,
  strategyId: number,
  outcome: string | undefined,
  limit?: number,
  offset = 0,
): Promise<{ rows: RunRow[]; total: number }> => {
  const where = and(
    eq(strategyRuns.tenantId, tenantId),
    eq(strategyRuns.strategyId, strategyId),
    outcome ? eq(strategyRuns.outcome, outcome) : undefined,
  ) as SQL;
  return pageRows(
    db.select().from(strategyRuns).where(where).orderBy(desc(strategyRuns.at), desc(strategyRuns.id)),
    () => db.select({ n: count() }).from(strategyRuns).where(where),
    limit,
    offset,
  );
};

/** The newest run of each strategy. */
export const lastRuns = async (
  db: Db,
  tenantId: number,
  ids: readonly number[],
): Promise<Map<number, RunRow>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([strategyRuns.strategyId])
    .from(strategyRuns)
    .where(and(eq(strategyRuns.tenantId, tenantId), inArray(strategyRuns.strategyId, [...ids])))
    .orderBy(strategyRuns.strategyId, desc(strategyRuns.at), desc(strategyRuns.id));
  return new Map(rows.map((r) => [r.strategyId, r]));
};

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
