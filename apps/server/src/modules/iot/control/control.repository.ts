import type { CommandState } from '@tilth/contracts/device-protocol.types';
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { users } from '../../identity/identity/index.js';
import { tenants } from '../../identity/tenant/index.js';
import { type DeviceRow, devices } from '../device/index.js';
import { deviceChannels, deviceCommands } from './control.tables.js';

export type CommandRow = typeof deviceCommands.$inferSelect;
export type CommandInsert = typeof deviceCommands.$inferInsert;
export type ChannelRow = typeof deviceChannels.$inferSelect;

/** What control needs of a device: its topic identity, whether it can be reached, its settings. */
export type ControlDevice = Pick<
  DeviceRow,
  'id' | 'typeKey' | 'eui' | 'name' | 'online' | 'enabledFlag' | 'config' | 'parentId'
>;
export const OPEN_STATES: readonly CommandState[] = ['queued', 'sent', 'acked'];

const cmdById = (tenantId: number, cmdId: string): SQL =>
  and(eq(deviceCommands.tenantId, tenantId), eq(deviceCommands.id, cmdId)) as SQL;

export const findChannel = async (db: Db, tenantId: number, id: number): Promise<ChannelRow | undefined> => {
  const [r] = await db
    .select()
    .from(deviceChannels)
    .where(and(eq(deviceChannels.tenantId, tenantId), eq(deviceChannels.id, id)));
  return r;
};

export const findChannelByCircuit = async (
  db: Db,
  tenantId: number,
  deviceId: number,
  kind: string,
  circuit: number,
): Promise<ChannelRow | undefined> => {
  const [r] = await db
    .select()
    .from(deviceChannels)
    .where(
      and(
        eq(deviceChannels.tenantId, tenantId),
        eq(deviceChannels.deviceId, deviceId),
        eq(deviceChannels.kind, kind),
        eq(deviceChannels.circuit, circuit),
      ),
    );
  return r;
};

export const insertCommand = async (db: Db, row: CommandInsert): Promise<CommandRow> => {
  const [r] = await db.insert(deviceCommands).values(row).returning();
  if (!r) throw new Error('command insert returned nothing');
  return r;
};

export const findCommand = async (
  db: Db,
  tenantId: number,
  cmdId: string,
): Promise<CommandRow | undefined> => {
  const [r] = await db.select().from(deviceCommands).where(cmdById(tenantId, cmdId));
  return r;
};

/**
 * Moves a command from one of `from` to a new state (compare-and-set, so concurrent acks, sweepers and
 * processes never move it backwards). Undefined when the command was not in one of those states.
 */
export const moveCommand = async (
  db: Db,
  tenantId: number,
  cmdId: string,
  from: readonly CommandState[],
  patch: Partial<Pick<CommandRow, 'state' | 'message' | 'sentAt' | 'ackedAt' | 'finishedAt'>>,
): Promise<CommandRow | undefined> => {
  const [r] = await db
    .update(deviceCommands)
    .set(patch)
    .where(and(cmdById(tenantId, cmdId), inArray(deviceCommands.state, [...from])))
    .returning();
  return r;
};

/** Commands still waiting for the device (the timeout sweeper's work list). */
export const openCommands = (db: Db, tenantId: number): Promise<CommandRow[]> =>
  db
    .select()
    .from(deviceCommands)
    .where(and(eq(deviceCommands.tenantId, tenantId), inArray(deviceCommands.state, [...OPEN_STATES])));

/** Commands whose automatic off is due and not yet handled; locked so two processes never both act. */
export const dueAutoOffs = (db: Db, tenantId: number, now: Date): Promise<CommandRow[]> =>
  db
    .select()
    .from(deviceCommands)
    .where(
      and(
        eq(deviceCommands.tenantId, tenantId),
        lte(deviceCommands.autoOffAt, now),
        isNull(deviceCommands.autoOffDoneAt),
      ),
    )
    .orderBy(asc(deviceCommands.autoOffAt))
    .limit(200)
    .for('update', { skipLocked: true });

export const markAutoOffDone = async (db: Db, tenantId: number, cmdId: string, at: Date): Promise<void> => {
  await db.update(deviceCommands).set({ autoOffDoneAt: at }).where(cmdById(tenantId, cmdId));
};

/** Commands to the same device (and channel) issued after `after`, newest first. */
export const laterCommands = (
  db: Db,
  tenantId: number,
  deviceId: number,
  channelId: number | null,
  after: Date,
): Promise<CommandRow[]> =>
  db
    .select()
    .from(deviceCommands)
    .where(
      and(
        eq(deviceCommands.tenantId, tenantId),
        eq(deviceCommands.deviceId, deviceId),
        channelId === null ? isNull(deviceCommands.channelId) : eq(deviceCommands.channelId, channelId),
        gt(deviceCommands.createdAt, after),
      ),
    )
    .orderBy(desc(deviceCommands.createdAt));

export const setChannelStatus = async (
  db: Db,
  tenantId: number,
  channelId: number,
  patch: { statusFlag?: number; faultFlag?: number },
): Promise<void> => {
  await db
    .update(deviceChannels)
    .set({ ...patch, lastUpdateDate: new Date() })
    .where(and(eq(deviceChannels.tenantId, tenantId), eq(deviceChannels.id, channelId)));
};

/** The newest open command per channel, for the pending spinner of switch and pump lists. */
export const pendingByChannel = async (
  db: Db,
  tenantId: number,
  channelIds: readonly number[],
): Promise<Map<number, { cmdId: string; state: CommandState }>> => {
  const out = new Map<number, { cmdId: string; state: CommandState }>();
  if (channelIds.length === 0) return out;
  const rows = await db
    .select({ channelId: deviceCommands.channelId, id: deviceCommands.id, state: deviceCommands.state })
    .from(deviceCommands)
    .where(
      and(
        eq(deviceCommands.tenantId, tenantId),
        inArray(deviceCommands.channelId, [...channelIds]),
        inArray(deviceCommands.state, [...OPEN_STATES]),
      ),
    )
    .orderBy(desc(deviceCommands.createdAt));
  for (const r of rows) {
    if (r.channelId !== null && !out.has(r.channelId)) {
      out.set(r.channelId, { cmdId: r.id, state: r.state as CommandState });
    }
  }
  return out;
};

/** Every enabled tenant (tenants is a global table); the sweepers visit each in its own transaction. */
export const enabledTenantIds = async (db: Db): Promise<number[]> =>
  (await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.enabled, true))).map((r) => r.id);

// ---- control log ----

export interface ControlLogFilter {
  deviceTypes?: readonly string[] | undefined;
  deviceId?: number | undefined;
  areaId?: number | undefined;
  channelIds?: readonly number[] | undefined;
  userId?: number | undefined;
  state?: string | undefined;
  source?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export interface ControlLogRow extends CommandRow {
  deviceName: string | null;
  deviceType: string | null;
  eui: string | null;
  channelName: string | null;
  channelCircuit: number | null;
  switchType: string | null;
  userName: string | null;
}

const logWhere = (tenantId: number, f: ControlLogFilter): SQL => {
  const parts: SQL[] = [eq(deviceCommands.tenantId, tenantId)];
  if (f.deviceId !== undefined) parts.push(eq(deviceCommands.deviceId, f.deviceId));
  if (f.channelIds) parts.push(inArray(deviceCommands.channelId, [...f.channelIds, -1]));
  if (f.userId !== undefined) parts.push(eq(deviceCommands.userId, f.userId));
  if (f.state) parts.push(eq(deviceCommands.state, f.state));
  if (f.source) parts.push(eq(deviceCommands.source, f.source));
  if (f.from) parts.push(sql`${deviceCommands.createdAt} >= ${f.from}`);
  if (f.to) parts.push(sql`${deviceCommands.createdAt} <= ${f.to}`);
  if (f.deviceTypes) parts.push(inArray(devices.typeKey, [...f.deviceTypes, '']));
  if (f.areaId !== undefined) parts.push(eq(devices.areaId, f.areaId));
  return and(...parts) as SQL;
};

/** The control log, newest first, with device, switch / pump and user names (limit undefined = all). */
export const listControlLog = async (
  db: Db,
  tenantId: number,
  f: ControlLogFilter,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: ControlLogRow[]; total: number }> => {
  const where = logWhere(tenantId, f);
  const deviceJoin = and(
    eq(devices.tenantId, deviceCommands.tenantId),
    eq(devices.id, deviceCommands.deviceId),
  );
  const q = db
    .select({
      cmd: deviceCommands,
      deviceName: devices.name,
      deviceType: devices.typeKey,
      eui: devices.eui,
      channelName: deviceChannels.name,
      channelCircuit: deviceChannels.circuit,
      switchType: deviceChannels.switchType,
      userName: users.realName,
    })
    .from(deviceCommands)
    .leftJoin(devices, deviceJoin)
    .leftJoin(
      deviceChannels,
      and(
        eq(deviceChannels.tenantId, deviceCommands.tenantId),
        eq(deviceChannels.id, deviceCommands.channelId),
      ),
    )
    .leftJoin(users, eq(users.id, deviceCommands.userId))
    .where(where)
    .orderBy(desc(deviceCommands.createdAt), desc(deviceCommands.id));
  const { rows, total } = await pageRows(
    q,
    () => db.select({ n: count() }).from(deviceCommands).leftJoin(devices, deviceJoin).where(where),
    limit,
    offset,
  );
  return {
    rows: rows.map((r) => ({
      ...r.cmd,
      deviceName: r.deviceName,
      deviceType: r.deviceType,
      eui: r.eui,
      channelName: r.channelName,
      channelCircuit: r.channelCircuit,
      switchType: r.switchType,
      userName: r.userName,
    })),
    total,
  };
};
