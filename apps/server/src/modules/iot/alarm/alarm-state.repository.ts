import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { alarmRuleStates } from './alarm.tables.js';

// Evaluation state per (rule, device): since when the condition has held, for "lasts N minutes".

export type RuleStateRow = typeof alarmRuleStates.$inferSelect;

/** A changed rule starts its "lasts N minutes" afresh. */
export const resetRuleStates = async (db: Db, tenantId: number, ruleId: number): Promise<void> => {
  await db
    .delete(alarmRuleStates)
    .where(and(eq(alarmRuleStates.tenantId, tenantId), eq(alarmRuleStates.ruleId, ruleId)));
};

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
