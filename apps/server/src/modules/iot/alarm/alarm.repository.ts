import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Database, Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { users } from '../../identity/identity/index.js';
import { tenants } from '../../identity/tenant/index.js';
import { type DeviceRow, devices } from '../device/index.js';
import { alarmRules, alarms } from './alarm.tables.js';

// Raised alarms (list, acknowledge, raise, clear) and the devices and tenants rules and alarms name.
// Rules live in alarm-rule.repository.ts, evaluation state in alarm-state.repository.ts.

export type AlarmRow = typeof alarms.$inferSelect;
export type AlarmView = AlarmRow & {
  ruleName: string | null;
  deviceName: string | null;
  typeKey: string | null;
  op: string | null;
  ackByName: string | null;
};

// Devices, as rules and alarms name them.

export type DeviceBrief = Pick<DeviceRow, 'id' | 'name' | 'typeKey' | 'online'>;

// Alarms.

export interface AlarmFilter {
  state?: string | undefined;
  acknowledged?: number | undefined;
  severity?: string | undefined;
  deviceId?: number | undefined;
  typeKey?: string | undefined;
  ruleId?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

const alarmView = (db: Db) =>
  db
    .select({
      alarm: alarms,
      ruleName: alarmRules.name,
      op: alarmRules.op,
      deviceName: devices.name,
      typeKey: devices.typeKey,
      ackByName: users.realName,
    })
    .from(alarms)
    .leftJoin(alarmRules, and(eq(alarmRules.tenantId, alarms.tenantId), eq(alarmRules.id, alarms.ruleId)))
    .leftJoin(devices, and(eq(devices.tenantId, alarms.tenantId), eq(devices.id, alarms.deviceId)))
    .leftJoin(users, eq(users.id, alarms.acknowledgedBy));

type AlarmJoin = {
  alarm: AlarmRow;
  ruleName: string | null;
  op: string | null;
  deviceName: string | null;
  typeKey: string | null;
  ackByName: string | null;
};
const toAlarmView = (r: AlarmJoin): AlarmView => ({
  ...r.alarm,
  ruleName: r.ruleName,
  op: r.op,
  deviceName: r.deviceName,
  typeKey: r.typeKey,
  ackByName: r.ackByName,
});

const devicesOfType = (tenantId: number, typeKey: string): SQL =>
  sql`${alarms.deviceId} in (select ${devices.id} from ${devices} where ${devices.tenantId} = ${tenantId} and ${devices.typeKey} = ${typeKey})`;

const alarmWhere = (tenantId: number, f: AlarmFilter): SQL => {
  const parts: SQL[] = [eq(alarms.tenantId, tenantId)];
  if (f.state) parts.push(eq(alarms.state, f.state));
  if (f.acknowledged === 1) parts.push(isNotNull(alarms.acknowledgedAt));
  if (f.acknowledged === 0) parts.push(isNull(alarms.acknowledgedAt));
  if (f.severity) parts.push(eq(alarms.severity, f.severity));
  if (f.deviceId !== undefined) parts.push(eq(alarms.deviceId, f.deviceId));
  if (f.ruleId !== undefined) parts.push(eq(alarms.ruleId, f.ruleId));
  if (f.from) parts.push(gte(alarms.raisedAt, f.from));
  if (f.to) parts.push(lte(alarms.raisedAt, f.to));
  if (f.typeKey) parts.push(devicesOfType(tenantId, f.typeKey));
  return and(...parts) as SQL;
};

/** Active first, then newest. */
export const listAlarms = async (
  db: Db,
  tenantId: number,
  f: AlarmFilter,
  limit?: number,
  offset = 0,
): Promise<{ rows: AlarmView[]; total: number }> => {
  const where = alarmWhere(tenantId, f);
  const { rows, total } = await pageRows(
    alarmView(db)
      .where(where)
      .orderBy(
        asc(sql`case when ${alarms.state} = 'active' then 0 else 1 end`),
        desc(alarms.raisedAt),
        desc(alarms.id),
      ),
    () => db.select({ n: count() }).from(alarms).where(where),
    limit,
    offset,
  );
  return { rows: rows.map(toAlarmView), total };
};

export const findAlarm = async (db: Db, tenantId: number, id: number): Promise<AlarmView | undefined> => {
  const [r] = await alarmView(db).where(and(eq(alarms.tenantId, tenantId), eq(alarms.id, id)));
  return r ? toAlarmView(r) : undefined;
};

/** Acknowledges alarms not acknowledged yet; returns the ids it changed. */
export const ackAlarms = async (
  db: Db,
  tenantId: number,
  ids: readonly number[],
  userId: number,
  note: string | null,
): Promise<number[]> => {
  const r = await db
    .update(alarms)
    .set({ acknowledgedAt: new Date(), acknowledgedBy: userId, ackNote: note })
    .where(and(eq(alarms.tenantId, tenantId), inArray(alarms.id, [...ids]), isNull(alarms.acknowledgedAt)))
    .returning({ id: alarms.id });
  return r.map((x) => x.id);
};

export const alarmCounts = async (db: Db, tenantId: number) => {
  const rows = await db
    .select({
      severity: alarms.severity,
      active: sql<number>`count(*) filter (where ${alarms.state} = 'active')`.mapWith(Number),
      unacked: sql<number>`count(*) filter (where ${alarms.acknowledgedAt} is null)`.mapWith(Number),
    })
    .from(alarms)
    .where(eq(alarms.tenantId, tenantId))
    .groupBy(alarms.severity);
  return rows;
};

export const activeAlarmsFor = (
  db: Db,
  tenantId: number,
  ruleIds: readonly number[],
  deviceIds: readonly number[],
): Promise<AlarmRow[]> =>
  ruleIds.length === 0 || deviceIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(alarms)
        .where(
          and(
            eq(alarms.tenantId, tenantId),
            eq(alarms.state, 'active'),
            inArray(alarms.ruleId, [...ruleIds]),
            inArray(alarms.deviceId, [...deviceIds]),
          ),
        );

export type NewAlarm = Omit<typeof alarms.$inferInsert, 'tenantId' | 'id'>;

/**
 * Raises an alarm unless one is already active for its (rule, device) — alarms_active_uq makes that hold
 * when two processes raise the same breach at once. Undefined when nothing was inserted.
 */
export const insertAlarm = async (db: Db, tenantId: number, a: NewAlarm): Promise<AlarmRow | undefined> => {
  const [r] = await db
    .insert(alarms)
    .values({ tenantId, ...a })
    .onConflictDoNothing({
      target: [alarms.tenantId, alarms.ruleId, alarms.deviceId],
      where: sql`state = 'active'`,
    })
    .returning();
  return r;
};

/** The active alarm of a (rule, device), if any. */
export const findActiveAlarm = async (
  db: Db,
  tenantId: number,
  ruleId: number,
  deviceId: number,
): Promise<AlarmRow | undefined> => {
  const [r] = await db
    .select()
    .from(alarms)
    .where(
      and(
        eq(alarms.tenantId, tenantId),
        eq(alarms.ruleId, ruleId),
        eq(alarms.deviceId, deviceId),
        eq(alarms.state, 'active'),
      ),
    );
  return r;
};

export const clearAlarm = async (db: Db, tenantId: number, id: number, at: Date): Promise<boolean> => {
  const r = await db
    .update(alarms)
    .set({ state: 'cleared', clearedAt: at })
    .where(and(eq(alarms.tenantId, tenantId), eq(alarms.id, id), eq(alarms.state, 'active')))
    .returning({ id: alarms.id });
  return r.length > 0;
};

/** Enabled tenants (a global table), for the periodic sweeps. */
export const enabledTenantIds = async (database: Database): Promise<number[]> =>
  (await database.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.enabled, true))).map(
    (t) => t.id,
  );
