import type {
  Alarm,
  AlarmAckBody,
  AlarmBulkAckBody,
  AlarmListQuery,
  AlarmOp,
  AlarmRule,
  AlarmRuleCreateBody,
  AlarmRuleKind,
  AlarmRuleListQuery,
  AlarmRuleUpdateBody,
  AlarmSeverity,
  AlarmState,
  AlarmSummary,
} from '@tilth/contracts/alarm.types';
import type { Page } from '@tilth/contracts/common.types';
import { deviceTypeByKey, metricOf } from '@tilth/contracts/device-types';
import { ALARM_CODES } from '@tilth/contracts/permissions';
import { pageAnswer } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { hasPermission, requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { parseLocalTime } from '../../../platform/time/zone.js';
import { findDevice } from '../device/index.js';
import { AlarmErrors } from './alarm.errors.js';
import { type AlarmView, ackAlarms, alarmCounts, findAlarm, listAlarms } from './alarm.repository.js';
import {
  deleteRule,
  findRule,
  insertRule,
  listRules,
  type RuleValues,
  type RuleView,
  updateRule,
} from './alarm-rule.repository.js';
import { staffByIds } from './alarm-staff.repository.js';
import { resetRuleStates } from './alarm-state.repository.js';

/** View and write codes of the alarm pages. */
export const ALARM_ACCESS = ALARM_CODES;

/** Called after a rule changes so the evaluator drops its cached rules of the tenant. */
export type RulesChanged = (tenantId: number) => void;

const unitOf = (typeKey: string | null, metric: string | null): string | null =>
  typeKey && metric ? (metricOf(typeKey, metric)?.unit ?? null) : null;

export const toRule = (r: RuleView): AlarmRule => ({
  id: r.id,
  name: r.name,
  kind: r.kind as AlarmRuleKind,
  deviceId: r.deviceId,
  deviceName: r.deviceName,
  typeKey: r.typeKey,
  metric: r.metric,
  unit: unitOf(r.typeKey, r.metric),
  op: r.op as AlarmOp | null,
  threshold: r.threshold,
  durationMin: r.durationMin,
  severity: r.severity as AlarmSeverity,
  enabledFlag: r.enabledFlag === 0 ? 0 : 1,
  staffIds: r.staffIds,
  objectVersionNumber: r.objectVersionNumber,
  creationDate: r.creationDate.toISOString(),
});

export const toAlarm = (a: AlarmView): Alarm => ({
  id: a.id,
  ruleId: a.ruleId,
  ruleName: a.ruleName,
  deviceId: a.deviceId,
  deviceName: a.deviceName,
  typeKey: a.typeKey,
  kind: a.kind as AlarmRuleKind,
  metric: a.metric,
  unit: unitOf(a.typeKey, a.metric),
  value: a.value,
  threshold: a.threshold,
  op: a.op as AlarmOp | null,
  severity: a.severity as AlarmSeverity,
  state: a.state as AlarmState,
  message: a.message,
  raisedAt: a.raisedAt.toISOString(),
  clearedAt: a.clearedAt?.toISOString() ?? null,
  acknowledgedAt: a.acknowledgedAt?.toISOString() ?? null,
  acknowledgedBy: a.acknowledgedBy,
  acknowledgedByName: a.ackByName,
  ackNote: a.ackNote,
});

/**
 * A query time: a bare date is that day (start, or end with `end`); no offset means the tenant's zone.
 */
export const parseQueryTime = (s: string | undefined, end: boolean, tz: string): Date | undefined => {
  if (!s) return undefined;
  const text = /(Z|[+-]\d{2}:?\d{2})$/.test(s) ? s.replace(' ', 'T') : s;
  const d = parseLocalTime(text, tz, end ? 'end' : 'start');
  if (!d) throw CommonErrors.validation({ detail: `bad time ${s}` });
  return d;
};

export class AlarmService {
  constructor(private readonly rulesChanged: RulesChanged = () => undefined) {}

  async listRules(ctx: Ctx, q: AlarmRuleListQuery): Promise<Page<AlarmRule>> {
    requireTenant(ctx);
    requireAccess(ctx, ALARM_ACCESS.manage);
    const all = q.size === 0;
    const { rows, total } = await listRules(
      ctx.db,
      ctx.tenantId,
      { ...q, name: q.name?.trim() || undefined },
      all ? undefined : q.size,
      all ? 0 : q.page * q.size,
    );
    return pageAnswer(rows.map(toRule), total, q);
  }

  async getRule(ctx: Ctx, id: number): Promise<AlarmRule> {
    requireTenant(ctx);
    requireAccess(ctx, ALARM_ACCESS.manage);
    return toRule(await this.loadRule(ctx, id));
  }

  async createRule(ctx: Ctx, body: AlarmRuleCreateBody): Promise<AlarmRule> {
    requireTenant(ctx);
    requireAccess(ctx, ALARM_ACCESS.ruleCreate);
    const values = await this.checkRule(ctx, body);
    const id = await insertRule(ctx.db, ctx.tenantId, ctx.user.id, values);
    this.rulesChanged(ctx.tenantId);
    return toRule(await this.loadRule(ctx, id));
  }

  async updateRule(ctx: Ctx, body: AlarmRuleUpdateBody): Promise<AlarmRule> {
    requireTenant(ctx);
    requireAccess(ctx, ALARM_ACCESS.ruleEdit);
    const current = await this.loadRule(ctx, body.id);
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    const values = await this.checkRule(ctx, body);
    const ok = await updateRule(ctx.db, ctx.tenantId, body.id, body.objectVersionNumber, ctx.user.id, values);
    if (!ok) throw CommonErrors.stale();
    await resetRuleStates(ctx.db, ctx.tenantId, body.id);
    this.rulesChanged(ctx.tenantId);
    return toRule(await this.loadRule(ctx, body.id));
  }

  async enableRule(ctx: Ctx, id: number, enabledFlag: 0 | 1): Promise<AlarmRule> {
    requireTenant(ctx);
    requireAccess(ctx, ALARM_ACCESS.ruleEdit);
    await this.loadRule(ctx, id);
    await updateRule(ctx.db, ctx.tenantId, id, undefined, ctx.user.id, { enabledFlag });
    if (enabledFlag === 0) await resetRuleStates(ctx.db, ctx.tenantId, id);
    this.rulesChanged(ctx.tenantId);
    return toRule(await this.loadRule(ctx, id));
  }

  async deleteRule(ctx: Ctx, id: number): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, ALARM_ACCESS.ruleDelete);
    if (!(await deleteRule(ctx.db, ctx.tenantId, id))) throw AlarmErrors.ruleNotFound();
    this.rulesChanged(ctx.tenantId);
    return { success: true };
  }

  async listAlarms(ctx: Ctx, q: AlarmListQuery): Promise<Page<Alarm>> {
    requireTenant(ctx);
    // The 农机告警 page may read farm machines' alarms without the warning-manage page.
    if (q.typeKey === 'farm-machine' && !hasPermission(ctx, ALARM_ACCESS.manage)) {
      requireAccess(ctx, ALARM_ACCESS.machinery);
    } else {
      requireAccess(ctx, ALARM_ACCESS.manage);
    }
    const all = q.size === 0;
    const { rows, total } = await listAlarms(
      ctx.db,
      ctx.tenantId,
      {
        ...q,
        from: parseQueryTime(q.startTime, false, ctx.timeZone),
        to: parseQueryTime(q.endTime, true, ctx.timeZone),
      },
      all ? undefined : q.size,
      all ? 0 : q.page * q.size,
    );
    return pageAnswer(rows.map(toAlarm), total, q);
  }

  async summary(ctx: Ctx): Promise<AlarmSummary> {
    requireTenant(ctx);
    requireAccess(ctx, ALARM_ACCESS.manage);
    const out: AlarmSummary = {
      active: 0,
      unacknowledged: 0,
      activeBySeverity: { info: 0, warning: 0, critical: 0 },
    };
    for (const r of await alarmCounts(ctx.db, ctx.tenantId)) {
      out.active += r.active;
      out.unacknowledged += r.unacked;
      if (r.severity === 'info' || r.severity === 'warning' || r.severity === 'critical')
        out.activeBySeverity[r.severity] += r.active;
    }
    return out;
  }

  async getAlarm(ctx: Ctx, id: number): Promise<Alarm> {
    requireTenant(ctx);
    requireAccess(ctx, ALARM_ACCESS.manage);
    const a = await findAlarm(ctx.db, ctx.tenantId, id);
    if (!a) throw AlarmErrors.alarmNotFound();
    return toAlarm(a);
  }

  /** Acknowledges an active or cleared alarm; acknowledging twice keeps the first acknowledgement. */
  async ack(ctx: Ctx, id: number, body: AlarmAckBody): Promise<Alarm> {
    requireTenant(ctx);
    requireAccess(ctx, ALARM_ACCESS.ack);
    if (!(await findAlarm(ctx.db, ctx.tenantId, id))) throw AlarmErrors.alarmNotFound();
    await ackAlarms(ctx.db, ctx.tenantId, [id], ctx.user.id, body.note ?? null);
    return this.getAlarm(ctx, id);
  }

  async bulkAck(ctx: Ctx, body: AlarmBulkAckBody): Promise<{ acknowledged: number }> {
    requireTenant(ctx);
    requireAccess(ctx, ALARM_ACCESS.ack);
    const done = await ackAlarms(
      ctx.db,
      ctx.tenantId,
      [...new Set(body.ids)],
      ctx.user.id,
      body.note ?? null,
    );
    return { acknowledged: done.length };
  }

  private async loadRule(ctx: TenantCtx, id: number): Promise<RuleView> {
    const r = await findRule(ctx.db, ctx.tenantId, id);
    if (!r) throw AlarmErrors.ruleNotFound();
    return r;
  }

  /** The registry checks: device or type, metric of that type, threshold within the metric's range. */
  private async checkRule(ctx: TenantCtx, b: AlarmRuleCreateBody): Promise<RuleValues> {
    let typeKey = b.typeKey ?? null;
    const deviceId = b.deviceId ?? null;
    if (deviceId !== null) {
      const d = await findDevice(ctx.db, ctx.tenantId, deviceId);
      if (!d) throw AlarmErrors.deviceNotFound();
      if (typeKey !== null && typeKey !== d.typeKey) throw AlarmErrors.typeMismatch({ typeKey: d.typeKey });
      typeKey = d.typeKey;
    }
    if (typeKey === null || !deviceTypeByKey(typeKey)) throw AlarmErrors.unknownType();
    let metric: string | null = null;
    let op: string | null = null;
    let threshold: number | null = null;
    if (b.kind === 'threshold') {
      const m = b.metric ? metricOf(typeKey, b.metric) : undefined;
      if (!m) throw AlarmErrors.unknownMetric({ metric: b.metric ?? '' });
      const t = b.threshold ?? Number.NaN;
      if (!(t >= m.min && t <= m.max)) throw AlarmErrors.thresholdOutOfRange({ min: m.min, max: m.max });
      metric = m.key;
      op = b.op ?? null;
      threshold = t;
    } else if (b.metric != null || b.op != null || b.threshold != null) {
      throw AlarmErrors.offlineHasMetric();
    }
    const staffIds = [...new Set(b.staffIds)];
    const found = new Set((await staffByIds(ctx.db, ctx.tenantId, staffIds)).map((s) => s.id));
    const missing = staffIds.find((s) => !found.has(s));
    if (missing !== undefined) throw AlarmErrors.staffUnknown({ id: missing });
    return {
      name: b.name,
      kind: b.kind,
      deviceId,
      typeKey,
      metric,
      op,
      threshold,
      durationMin: b.durationMin,
      severity: b.severity,
      enabledFlag: b.enabledFlag,
      staffIds,
    };
  }
}
