import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump } from '../../../platform/db/writes.js';
import { devices } from '../device/index.js';
import { alarmRuleStates, alarmRules } from './alarm.tables.js';

// Alarm rules (equipment/warning-manage): the rule list, its writes, and the evaluator's enabled rules.

export type AlarmRuleRow = typeof alarmRules.$inferSelect;
export type RuleView = AlarmRuleRow & { deviceName: string | null };

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
