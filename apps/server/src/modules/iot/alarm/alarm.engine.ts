import {
  type AlarmOp,
  type AlarmSeverity,
  compareOp,
  OP_SYMBOL,
  severityRank,
} from '@tilth/contracts/alarm.types';
import { type MetricDef, metricOf, metricState } from '@tilth/contracts/device-types';
import { DEFAULT_TIME_ZONE } from '@tilth/contracts/time-zone';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../platform/db/client.js';
import type { Ctx } from '../../../platform/http/context.js';
import type { StatusChange, StoredReading } from '../../../platform/iot/iot.js';
import type { Platform } from '../../../platform/platform.js';
import { timeText } from '../../../platform/time/zone.js';
import { tenantTimeZone } from '../../identity/tenant/index.js';
import { NotificationService } from '../../messaging/notice/index.js';
import { enqueuePush } from '../../messaging/push/index.js';
import { findDevicesByIds } from '../device/index.js';
import {
  type AlarmRow,
  activeAlarmsFor,
  clearAlarm,
  findActiveAlarm,
  insertAlarm,
} from './alarm.repository.js';
import { type AlarmRuleRow, enabledRules } from './alarm-rule.repository.js';
import { staffByIds } from './alarm-staff.repository.js';
import { openBreaches, type RuleStateRow, statesFor, upsertState } from './alarm-state.repository.js';

// Alarm evaluation (equipment/warning-manage). Threshold rules are checked on every stored reading
// (hooks.onReadings); offline rules on status changes, and by a periodic sweep when they must last N
// minutes. Per (rule, device) alarm_rule_states.breach_since remembers since when the condition holds;
// one alarm per rule and device is active at a time (the alarms_active_uq index holds that across
// processes). Notifications go out in the transaction that raises the alarm (in-app) and after it
// (SMS, SSE); a raise that lost the race notifies nobody.

const RULE_CACHE_MS = 15_000;

/** A job's ctx for NotificationService: no user, the tenant's transaction and time zone. */
const jobCtx = (db: Db, tenantId: number, timeZone: string, log: FastifyBaseLogger): Ctx => ({
  user: null,
  tenantId,
  lang: 'zh-CN',
  timeZone,
  db,
  permissions: new Set(),
  log,
  transact: (fn) => fn(db),
});

const key = (ruleId: number, deviceId: number): string => `${ruleId}:${deviceId}`;

const appliesTo = (r: AlarmRuleRow, deviceId: number, typeKey: string): boolean =>
  r.deviceId === null ? r.typeKey === typeKey : r.deviceId === deviceId;

const fmt = (v: number, decimals: number): string => String(Number(v.toFixed(Math.max(0, decimals))));

/**
 * A value in a text: an enumerated metric's state in words from the registry ("阀门状态 关闭", not "0"),
 * else the number with the metric's decimals and unit.
 */
export const readingText = (m: MetricDef | undefined, v: number | null, lang: 'zh-CN' | 'en-US'): string => {
  if (v === null) return '?';
  const state = m ? metricState(m, v) : undefined;
  if (state) return state.name[lang];
  const unit = m?.unit ?? '';
  const n = fmt(v, m?.decimals ?? 2);
  return lang === 'en-US' && unit ? `${n} ${unit}` : `${n}${unit}`;
};

/** The alarm's text, in Chinese (stored; the console renders its own from the fields) and English. */
export const alarmText = (
  rule: AlarmRuleRow,
  device: { name: string; typeKey: string },
  value: number | null,
): { zh: string; en: string } => {
  if (rule.kind === 'offline') {
    const forZh = rule.durationMin > 0 ? `超过 ${rule.durationMin} 分钟` : '';
    const forEn = rule.durationMin > 0 ? ` for over ${rule.durationMin} min` : '';
    return { zh: `${device.name} 离线${forZh}`, en: `${device.name} is offline${forEn}` };
  }
  const m = rule.metric ? metricOf(device.typeKey, rule.metric) : undefined;
  const sym = OP_SYMBOL[(rule.op ?? 'gt') as AlarmOp];
  const forZh = rule.durationMin > 0 ? `，持续 ${rule.durationMin} 分钟` : '';
  const forEn = rule.durationMin > 0 ? ` for ${rule.durationMin} min` : '';
  const threshold = rule.threshold ?? 0;
  return {
    zh: `${device.name} ${m?.name['zh-CN'] ?? rule.metric} ${readingText(m, value, 'zh-CN')} ${sym} ${readingText(m, threshold, 'zh-CN')}${forZh}`,
    en: `${device.name}: ${m?.name['en-US'] ?? rule.metric} ${readingText(m, value, 'en-US')} ${sym} ${readingText(m, threshold, 'en-US')}${forEn}`,
  };
};

const SEVERITY_TEXT: Readonly<Record<AlarmSeverity, { zh: string; en: string }>> = {
  info: { zh: '提示', en: 'Info' },
  warning: { zh: '警告', en: 'Warning' },
  critical: { zh: '严重', en: 'Critical' },
};

interface Raised {
  alarm: AlarmRow;
  rule: AlarmRuleRow;
  text: { zh: string; en: string };
}

interface Sms {
  phone: string;
  text: string;
  code: string;
}

export class AlarmEvaluator {
  private readonly rules = new Map<number, { rows: AlarmRuleRow[]; at: number }>();

  constructor(
    private readonly platform: Platform,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** A rule of the tenant changed (in this process): reload on the next reading. */
  invalidate(tenantId: number): void {
    this.rules.delete(tenantId);
  }

  private async rulesOf(tenantId: number, db?: Db): Promise<AlarmRuleRow[]> {
    const hit = this.rules.get(tenantId);
    if (hit && Date.now() - hit.at < RULE_CACHE_MS) return hit.rows;
    const rows = db
      ? await enabledRules(db, tenantId)
      : await this.platform.database.withTenant(tenantId, (tx) => enabledRules(tx, tenantId));
    this.rules.set(tenantId, { rows, at: Date.now() });
    return rows;
  }

  /** hooks.onReadings: evaluates threshold rules, one transaction per tenant that has a matching rule. */
  async onReadings(readings: readonly StoredReading[]): Promise<void> {
    const byTenant = new Map<number, StoredReading[]>();
    for (const r of readings) {
      const list = byTenant.get(r.tenantId);
      if (list) list.push(r);
      else byTenant.set(r.tenantId, [r]);
    }
    for (const [tenantId, list] of byTenant) {
      const rules = (await this.rulesOf(tenantId)).filter((r) => r.kind === 'threshold');
      const checks: { rule: AlarmRuleRow; deviceId: number; value: number; at: Date }[] = [];
      for (const reading of list)
        for (const rule of rules) {
          const v = rule.metric ? reading.values[rule.metric] : undefined;
          if (v !== undefined && appliesTo(rule, reading.deviceId, reading.typeKey))
            checks.push({ rule, deviceId: reading.deviceId, value: v, at: reading.ts });
        }
      if (checks.length === 0) continue;
      checks.sort((a, b) => a.at.getTime() - b.at.getTime());
      await this.evaluate(tenantId, checks);
    }
  }

  /** hooks.onStatus: offline rules raise when a device goes offline (or start their wait) and clear on return. */
  async onStatus(changes: readonly StatusChange[]): Promise<void> {
    const byTenant = new Map<number, StatusChange[]>();
    for (const c of changes) byTenant.set(c.tenantId, [...(byTenant.get(c.tenantId) ?? []), c]);
    for (const [tenantId, list] of byTenant) {
      const rules = (await this.rulesOf(tenantId)).filter((r) => r.kind === 'offline');
      const checks: { rule: AlarmRuleRow; deviceId: number; offline: boolean; at: Date }[] = [];
      for (const c of list)
        for (const rule of rules)
          if (appliesTo(rule, c.deviceId, c.typeKey))
            checks.push({ rule, deviceId: c.deviceId, offline: !c.online, at: c.at });
      if (checks.length === 0) continue;
      checks.sort((a, b) => a.at.getTime() - b.at.getTime());
      await this.run(tenantId, async (tx, out) => {
        const ctx = await this.load(tx, tenantId, checks);
        for (const c of checks) {
          const k = key(c.rule.id, c.deviceId);
          if (!c.offline) {
            if (ctx.states.get(k)?.breachSince)
              await this.setState(tx, tenantId, ctx.states, c.rule.id, c.deviceId, null, null);
            const active = ctx.active.get(k);
            if (active) await this.clear(tx, tenantId, active, c.at, ctx.active, out);
            continue;
          }
          const since = ctx.states.get(k)?.breachSince ?? c.at;
          if (!ctx.states.get(k)?.breachSince)
            await this.setState(tx, tenantId, ctx.states, c.rule.id, c.deviceId, since, null);
          if (c.rule.durationMin === 0 && !ctx.active.has(k))
            await this.raise(tx, tenantId, c.rule, c.deviceId, null, c.at, ctx.active, out);
        }
      });
    }
  }

  /** Raises offline alarms whose "lasts N minutes" ran out while the device stayed offline. */
  async sweep(tenantIds: readonly number[], now: Date): Promise<void> {
    for (const tenantId of tenantIds) {
      const rules = (await this.rulesOf(tenantId)).filter((r) => r.kind === 'offline' && r.durationMin > 0);
      if (rules.length === 0) continue;
      const byId = new Map(rules.map((r) => [r.id, r]));
      await this.run(tenantId, async (tx, out) => {
        const due = (await openBreaches(tx, tenantId)).filter((s) => {
          const r = byId.get(s.ruleId);
          return r && s.breachSince && now.getTime() - s.breachSince.getTime() >= r.durationMin * 60_000;
        });
        if (due.length === 0) return;
        const devs = new Map(
          (
            await findDevicesByIds(
              tx,
              tenantId,
              due.map((s) => s.deviceId),
            )
          ).map((d) => [d.id, d]),
        );
        const active = await activeAlarmsFor(tx, tenantId, [...byId.keys()], [...devs.keys()]);
        const activeMap = new Map(active.map((a) => [key(a.ruleId ?? 0, a.deviceId), a]));
        for (const s of due) {
          const rule = byId.get(s.ruleId);
          const dev = devs.get(s.deviceId);
          if (!rule || !dev || dev.online || activeMap.has(key(rule.id, dev.id))) continue;
          await this.raise(tx, tenantId, rule, dev.id, null, now, activeMap, out);
        }
      });
    }
  }

  /** Threshold checks of one tenant, oldest first. */
  private async evaluate(
    tenantId: number,
    checks: { rule: AlarmRuleRow; deviceId: number; value: number; at: Date }[],
  ): Promise<void> {
    await this.run(tenantId, async (tx, out) => {
      const ctx = await this.load(tx, tenantId, checks);
      for (const c of checks) {
        const k = key(c.rule.id, c.deviceId);
        const holds = compareOp((c.rule.op ?? 'gt') as AlarmOp, c.value, c.rule.threshold ?? 0);
        const state = ctx.states.get(k);
        const active = ctx.active.get(k);
        if (!holds) {
          if (state?.breachSince)
            await this.setState(tx, tenantId, ctx.states, c.rule.id, c.deviceId, null, c.value);
          if (active) await this.clear(tx, tenantId, active, c.at, ctx.active, out);
          continue;
        }
        const since = state?.breachSince ?? c.at;
        if (!state?.breachSince)
          await this.setState(tx, tenantId, ctx.states, c.rule.id, c.deviceId, since, c.value);
        if (!active && c.at.getTime() - since.getTime() >= c.rule.durationMin * 60_000)
          await this.raise(tx, tenantId, c.rule, c.deviceId, c.value, c.at, ctx.active, out);
      }
    });
  }

  private async load(tx: Db, tenantId: number, checks: readonly { rule: AlarmRuleRow; deviceId: number }[]) {
    const ruleIds = [...new Set(checks.map((c) => c.rule.id))];
    const deviceIds = [...new Set(checks.map((c) => c.deviceId))];
    const states = new Map(
      (await statesFor(tx, tenantId, ruleIds, deviceIds)).map((s) => [key(s.ruleId, s.deviceId), s] as const),
    );
    const active = new Map(
      (await activeAlarmsFor(tx, tenantId, ruleIds, deviceIds)).map(
        (a) => [key(a.ruleId ?? 0, a.deviceId), a] as const,
      ),
    );
    return { states, active };
  }

  /** One tenant transaction; SSE events and SMS go out after it committed. A failure is logged, never thrown. */
  private async run(
    tenantId: number,
    fn: (tx: Db, out: { events: AlarmRow[]; sms: Sms[] }) => Promise<void>,
  ): Promise<void> {
    const out: { events: AlarmRow[]; sms: Sms[] } = { events: [], sms: [] };
    try {
      await this.platform.database.withTenant(tenantId, (tx) => fn(tx, out));
    } catch (err) {
      this.log.error({ err, tenantId }, 'alarm evaluation failed');
      return;
    }
    for (const a of out.events)
      this.platform.iot.events.emit(tenantId, {
        type: 'alarm',
        deviceId: a.deviceId,
        alarmId: a.id,
        state: a.state,
        severity: a.severity,
      });
    for (const m of out.sms)
      await this.platform.sms.send(m.phone, m.text, m.code).catch((err: unknown) => {
        this.log.warn({ err, tenantId }, 'alarm SMS failed');
      });
  }

  private async setState(
    tx: Db,
    tenantId: number,
    states: Map<string, RuleStateRow>,
    ruleId: number,
    deviceId: number,
    breachSince: Date | null,
    lastValue: number | null,
  ): Promise<void> {
    await upsertState(tx, tenantId, ruleId, deviceId, breachSince, lastValue);
    states.set(key(ruleId, deviceId), {
      tenantId,
      ruleId,
      deviceId,
      breachSince,
      lastValue,
      updatedAt: new Date(),
    });
  }

  private async clear(
    tx: Db,
    tenantId: number,
    active: AlarmRow,
    at: Date,
    activeMap: Map<string, AlarmRow>,
    out: { events: AlarmRow[] },
  ): Promise<void> {
    // A reading older than the alarm (late delivery) does not clear it before it was raised.
    const when = at < active.raisedAt ? new Date() : at;
    if (await clearAlarm(tx, tenantId, active.id, when)) {
      const cleared = { ...active, state: 'cleared', clearedAt: when };
      out.events.push(cleared);
      await enqueuePush(tx, tenantId, 'alarm.cleared', [alarmPush(cleared)]);
    }
    activeMap.delete(key(active.ruleId ?? 0, active.deviceId));
  }

  private async raise(
    tx: Db,
    tenantId: number,
    rule: AlarmRuleRow,
    deviceId: number,
    value: number | null,
    at: Date,
    activeMap: Map<string, AlarmRow>,
    out: { events: AlarmRow[]; sms: Sms[] },
  ): Promise<void> {
    const [device] = await findDevicesByIds(tx, tenantId, [deviceId]);
    if (!device) return;
    const text = alarmText(rule, device, value);
    const alarm = await insertAlarm(tx, tenantId, {
      ruleId: rule.id,
      deviceId,
      kind: rule.kind,
      metric: rule.metric,
      value,
      threshold: rule.threshold,
      severity: rule.severity,
      state: 'active',
      message: text.zh,
      raisedAt: at,
    });
    if (!alarm) {
      // Another process raised it first (alarms_active_uq): that one is the active alarm, and it notified.
      const existing = await findActiveAlarm(tx, tenantId, rule.id, deviceId);
      if (existing) activeMap.set(key(rule.id, deviceId), existing);
      return;
    }
    activeMap.set(key(rule.id, deviceId), alarm);
    out.events.push(alarm);
    await enqueuePush(tx, tenantId, 'alarm.raised', [
      {
        ...alarmPush(alarm),
        ruleName: rule.name,
        deviceName: device.name,
        typeKey: device.typeKey,
        messageEn: text.en,
      },
    ]);
    await this.notify(tx, tenantId, { alarm, rule, text }, out.sms);
  }

  /** In-app messages for contacts linked to a user, SMS for contacts with a phone; each by min severity. */
  private async notify(tx: Db, tenantId: number, r: Raised, sms: Sms[]): Promise<void> {
    if (r.rule.staffIds.length === 0) return;
    const sev = r.alarm.severity as AlarmSeverity;
    const contacts = (await staffByIds(tx, tenantId, r.rule.staffIds)).filter(
      (s) => s.enabledFlag === 1 && severityRank(sev) >= severityRank(s.minSeverity as AlarmSeverity),
    );
    const s = SEVERITY_TEXT[sev];
    const subject = `【${s.zh}告警】${r.text.zh}（${s.en} alarm: ${r.text.en}）`;
    const userIds = contacts.filter((c) => c.notifyInApp && c.userId !== null).map((c) => c.userId as number);
    if (userIds.length > 0) {
      // The time a person reads: the tenant's wall clock, with its zone named.
      const tz = (await tenantTimeZone(tx, tenantId)) ?? DEFAULT_TIME_ZONE;
      const at = `${timeText(r.alarm.raisedAt, tz)} (${tz})`;
      const content =
        `<p>${escapeHtml(r.text.zh)}</p><p>${escapeHtml(r.text.en)}</p>` +
        `<p>规则 Rule：${escapeHtml(r.rule.name)} · ${s.zh} ${s.en} · ${at}</p>`;
      await NotificationService.notify(jobCtx(tx, tenantId, tz, this.log), { userIds, subject, content });
    }
    for (const c of contacts)
      if (c.notifySms && c.phone)
        sms.push({ phone: c.phone, text: `【${s.zh}告警】${r.text.zh}`, code: `alarm-${r.alarm.id}` });
  }
}

/** An alarm as data push sends it (alarm.raised / alarm.cleared). */
const alarmPush = (a: AlarmRow) => ({
  alarmId: a.id,
  ruleId: a.ruleId,
  deviceId: a.deviceId,
  kind: a.kind,
  metric: a.metric,
  value: a.value,
  threshold: a.threshold,
  severity: a.severity,
  state: a.state,
  message: a.message,
  raisedAt: a.raisedAt.toISOString(),
  clearedAt: a.clearedAt?.toISOString() ?? null,
});

const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
