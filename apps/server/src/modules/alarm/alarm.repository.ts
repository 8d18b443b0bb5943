import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database, Db } from '../../platform/db/client.js';
import { pageRows } from '../../platform/db/paging.js';
import { bump } from '../../platform/db/writes.js';
import { devices } from '../device/device.tables.js';
import { users } from '../identity/identity.tables.js';
import { tenants } from '../tenant/tenant.tables.js';
import { alarmRuleStates, alarmRules, alarms } from './alarm.tables.js';

export type AlarmRuleRow = typeof alarmRules.$inferSelect;
export type AlarmRow = typeof alarms.$inferSelect;
export type RuleStateRow = typeof alarmRuleStates.$inferSelect;
export type RuleView = AlarmRuleRow & { deviceName: string | null };
export type AlarmView = AlarmRow & {
  ruleName: string | null;
  deviceName: string | null;
  typeKey: string | null;
  op: string | null;
  ackByName: string | null;
};

export interface RuleValues {
  name: string;
  kind: string;
  deviceId: number | null;
  typeKey: string | null;
  metric: string | null;
  op: string | null;
  threshold: number | null;
  durationMin: number;
  severity: string;
  enabledFlag: number;
  staffIds: number[];
}

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const ruleById = (tenantId: number, id: number): SQL =>
  and(eq(alarmRules.tenantId, tenantId), eq(alarmRules.id, id)) as SQL;

// Devices, as rules and alarms name them.

export interface DeviceBrief {
  id: number;
  name: string;
  typeKey: string;
  online: boolean;
}

export const findDevice = async (db: Db, tenantId: number, id: number): Promise<DeviceBrief | undefined> => {
  const [r] = await db
    .select({ id: devices.id, name: devices.name, typeKey: devices.typeKey, online: devices.online })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.id, id)));
  return r;
};

export const findDevices = async (
  db: Db,
  tenantId: number,
  ids: readonly number[],
): Promise<DeviceBrief[]> =>
  ids.length === 0
    ? []
    : db
        .select({ id: devices.id, name: devices.name, typeKey: devices.typeKey, online: devices.online })
        .from(devices)
        .where(and(eq(devices.tenantId, tenantId), inArray(devices.id, [...ids])));

// Rules.

export interface RuleFilter {
  name?: string | undefined;
  kind?: string | undefined;
  severity?: string | undefined;
  enabledFlag?: number | undefined;
  deviceId?: number | undefined;
  typeKey?: string | undefined;
}

const ruleView = (db: Db) =>
  db
    .select({ rule: alarmRules, deviceName: devices.name })
    .from(alarmRules)
    .leftJoin(devices, and(eq(devices.tenantId, alarmRules.tenantId), eq(devices.id, alarmRules.deviceId)));

export const listRules = async (
  db: Db,
  tenantId: number,
  f: RuleFilter,
  limit?: number,
  offset = 0,
): Promise<{ rows: RuleView[]; total: number }> => {
  const parts: SQL[] = [eq(alarmRules.tenantId, tenantId)];
  if (f.name) parts.push(ilike(alarmRules.name, `%${escapeLike(f.name)}%`));
  if (f.kind) parts.push(eq(alarmRules.kind, f.kind));
  if (f.severity) parts.push(eq(alarmRules.severity, f.severity));
  if (f.enabledFlag !== undefined) parts.push(eq(alarmRules.enabledFlag, f.enabledFlag));
  if (f.deviceId !== undefined) parts.push(eq(alarmRules.deviceId, f.deviceId));
  if (f.typeKey) parts.push(eq(alarmRules.typeKey, f.typeKey));
  const where = and(...parts) as SQL;
  const { rows, total } = await pageRows(
    ruleView(db).where(where).orderBy(desc(alarmRules.id)),
    () => db.select({ n: count() }).from(alarmRules).where(where),
    limit,
    offset,
  );
  return { rows: rows.map((r) => ({ ...r.rule, deviceName: r.deviceName })), total };
};

export const findRule = async (db: Db, tenantId: number, id: number): Promise<RuleView | undefined> => {
  const [r] = await ruleView(db).where(ruleById(tenantId, id));
  return r ? { ...r.rule, deviceName: r.deviceName } : undefined;
};

/** Enabled rules of a tenant, for the evaluator's cache. */
export const enabledRules = (db: Db, tenantId: number): Promise<AlarmRuleRow[]> =>
  db
    .select()
    .from(alarmRules)
    .where(and(eq(alarmRules.tenantId, tenantId), eq(alarmRules.enabledFlag, 1)));

export const insertRule = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: RuleValues,
): Promise<number> => {
  const [r] = await db
    .insert(alarmRules)
    .values({ tenantId, ...v, createdBy: userId, lastUpdatedBy: userId })
    .returning({ id: alarmRules.id });
  if (!r) throw new Error('alarm rule insert returned nothing');
  return r.id;
};

/** Optimistic update (version undefined: any); false when no row has this id and version. */
export const updateRule = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number | undefined,
  userId: number,
  v: Partial<RuleValues>,
): Promise<boolean> => {
  const where =
    version === undefined
      ? ruleById(tenantId, id)
      : and(ruleById(tenantId, id), eq(alarmRules.objectVersionNumber, version));
  const r = await db
    .update(alarmRules)
    .set({ ...v, ...bump(userId, alarmRules.objectVersionNumber) })
    .where(where)
    .returning({ id: alarmRules.id });
  return r.length > 0;
};

/** Deletes the rule and its evaluation state; its alarms stay as history. */
export const deleteRule = async (db: Db, tenantId: number, id: number): Promise<boolean> => {
  await db
    .delete(alarmRuleStates)
    .where(and(eq(alarmRuleStates.tenantId, tenantId), eq(alarmRuleStates.ruleId, id)));
  const gone = await db.delete(alarmRules).where(ruleById(tenantId, id)).returning({ id: alarmRules.id });
  return gone.length > 0;
};

/** A changed rule starts its "lasts N minutes" afresh. */
export const resetRuleStates = async (db: Db, tenantId: number, ruleId: number): Promise<void> => {
  await db
    .delete(alarmRuleStates)
    .where(and(eq(alarmRuleStates.tenantId, tenantId), eq(alarmRuleStates.ruleId, ruleId)));
};

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

// Evaluation.

export const statesFor = (
  db: Db,
  tenantId: number,
  ruleIds: readonly number[],
  deviceIds: readonly number[],
): Promise<RuleStateRow[]> =>
  ruleIds.length === 0 || deviceIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(alarmRuleStates)
        .where(
          and(
            eq(alarmRuleStates.tenantId, tenantId),
            inArray(alarmRuleStates.ruleId, [...ruleIds]),
            inArray(alarmRuleStates.deviceId, [...deviceIds]),
          ),
        );

export const upsertState = async (
  db: Db,
  tenantId: number,
  ruleId: number,
  deviceId: number,
  breachSince: Date | null,
  lastValue: number | null,
): Promise<void> => {
  await db
    .insert(alarmRuleStates)
    .values({ tenantId, ruleId, deviceId, breachSince, lastValue, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [alarmRuleStates.tenantId, alarmRuleStates.ruleId, alarmRuleStates.deviceId],
      set: { breachSince, lastValue, updatedAt: new Date() },
    });
};

/** Offline states whose "lasts N minutes" may have run out (checked by the periodic sweep). */
export const openBreaches = (db: Db, tenantId: number): Promise<RuleStateRow[]> =>
  db
    .select()
    .from(alarmRuleStates)
    .where(and(eq(alarmRuleStates.tenantId, tenantId), isNotNull(alarmRuleStates.breachSince)));

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

export const insertAlarm = async (db: Db, tenantId: number, a: NewAlarm): Promise<AlarmRow> => {
  const [r] = await db
    .insert(alarms)
    .values({ tenantId, ...a })
    .returning();
  if (!r) throw new Error('alarm insert returned nothing');
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

/** Devices of some types, oldest first (demo seeding picks the first of each). */
export const devicesOfTypes = (
  db: Db,
  tenantId: number,
  typeKeys: readonly string[],
): Promise<DeviceBrief[]> =>
  db
    .select({ id: devices.id, name: devices.name, typeKey: devices.typeKey, online: devices.online })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), inArray(devices.typeKey, [...typeKeys])))
    .orderBy(asc(devices.id));
