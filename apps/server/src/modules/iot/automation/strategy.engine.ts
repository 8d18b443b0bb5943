import { compareOp } from '@tilth/contracts/alarm.types';
import type {
  StrategyAction,
  StrategyGuard,
  StrategyOutcome,
  StrategyTrigger,
} from '@tilth/contracts/automation.types';
import { deviceTypeByKey } from '@tilth/contracts/device-types';
import { DEFAULT_TIME_ZONE } from '@tilth/contracts/time-zone';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../platform/db/client.js';
import { withSavepoint } from '../../../platform/db/writes.js';
import { AppError } from '../../../platform/errors.js';
import type { Platform } from '../../../platform/platform.js';
import { startOfDayAt } from '../../../platform/time/zone.js';
import { tenantTimeZone } from '../../identity/tenant/index.js';
import { enabledTenantIds } from '../alarm/index.js';
import { issueCommand } from '../control/index.js';
import { devicesByIds, rainSince } from './automation-targets.repository.js';
import { membersOf } from './group.repository.js';
import { dueSlot, inWindow, type Params, paramsFor, stopOf } from './strategy.logic.js';
import {
  dueStrategies,
  insertRun,
  lastRuns,
  type RunRow,
  type StrategyRow,
  setStrategyState,
} from './strategy.repository.js';

// The strategy engine (intelligentControl/index): every ~30 s it visits the enabled strategies of every
// tenant. Schedules fire once per slot; conditions fire when they held forMin minutes (from the device's
// latest values), then stay quiet for the action's run time; when that is over the matching stop is sent.
// Every decision is a strategy_runs row. Strategy rows are locked (SKIP LOCKED) while a tenant is visited,
// so two server processes never fire the same strategy twice.

/** After a skip or a failure, a condition strategy waits this long before it is tried again. */
export const COOLDOWN_MIN = 60;

interface Target {
  deviceId: number;
  channelId: number | null;
  name: string;
}

const errorText = (err: unknown): string =>
  err instanceof AppError
    ? `${err.messageIn('zh-CN')} (${err.messageIn('en-US')})`
    : err instanceof Error
      ? err.message
      : String(err);

const addMin = (d: Date, min: number): Date => new Date(d.getTime() + min * 60_000);

export class StrategyEngine {
  constructor(
    private readonly platform: Platform,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** One pass over every tenant at `now` (the timer passes the clock; tests pass their own). */
  async runOnce(now: Date, tenantIds?: readonly number[]): Promise<void> {
    for (const tenantId of tenantIds ?? (await enabledTenantIds(this.platform.database))) {
      try {
        await this.platform.database.withTenant(tenantId, (tx) => this.visitTenant(tx, tenantId, now));
      } catch (err) {
        this.log.error({ err, tenantId }, 'strategy engine pass failed');
      }
    }
  }

  private async visitTenant(tx: Db, tenantId: number, now: Date): Promise<void> {
    const rows = await dueStrategies(tx, tenantId);
    if (rows.length === 0) return;
    // Schedules, windows and "today" are the tenant's wall clock (ADR 0010).
    const timeZone = (await tenantTimeZone(tx, tenantId)) ?? DEFAULT_TIME_ZONE;
    const conditionDevices = rows
      .map((r) => r.trigger as StrategyTrigger)
      .flatMap((t) => (t.kind === 'condition' ? [t.deviceId] : []));
    const devices = new Map((await devicesByIds(tx, tenantId, conditionDevices)).map((d) => [d.id, d]));
    const last = await lastRuns(
      tx,
      tenantId,
      rows.filter((r) => r.quietUntil && r.quietUntil <= now).map((r) => r.id),
    );
    for (const s of rows) {
      try {
        if (s.quietUntil && s.quietUntil <= now) {
          await this.finishRun(tx, tenantId, s, last.get(s.id), now);
          s.quietUntil = null;
        }
        if (s.enabledFlag !== 1 || s.quietUntil) continue;
        const trigger = s.trigger as StrategyTrigger;
        if (trigger.kind === 'schedule') {
          const slot = dueSlot(trigger, now, s.lastRunAt ?? s.creationDate, timeZone);
          if (slot) await this.execute(tx, tenantId, s, now, { manual: false, force: false, timeZone });
          continue;
        }
        const d = devices.get(trigger.deviceId);
        const value = d?.latest[trigger.metric];
        const holds = !!d?.online && value !== undefined && compareOp(trigger.op, value, trigger.threshold);
        if (!holds) {
          if (s.conditionSince) await setStrategyState(tx, tenantId, s.id, { conditionSince: null });
          continue;
        }
        const since = s.conditionSince ?? now;
        if (!s.conditionSince) await setStrategyState(tx, tenantId, s.id, { conditionSince: since });
        if (now.getTime() - since.getTime() >= trigger.forMin * 60_000)
          await this.execute(tx, tenantId, s, now, { manual: false, force: false, timeZone });
      } catch (err) {
        // One broken strategy must not stop the others of the tenant.
        this.log.error({ err, tenantId, strategyId: s.id }, 'strategy evaluation failed');
      }
    }
  }

  /** The run time is over: sends the matching stop when the last run started something. */
  private async finishRun(tx: Db, tenantId: number, s: StrategyRow, last: RunRow | undefined, now: Date) {
    await setStrategyState(tx, tenantId, s.id, { quietUntil: null });
    const action = s.action as StrategyAction;
    if (last?.outcome !== 'fired' || action.durationMin <= 0) return;
    const targets = await this.targets(tx, tenantId, action);
    const ids: string[] = [];
    const problems: string[] = [];
    for (const t of targets) {
      const dev = (await devicesByIds(tx, tenantId, [t.deviceId]))[0];
      const type = dev ? deviceTypeByKey(dev.typeKey) : undefined;
      const stop = type ? stopOf(type, action.action, action.params as Params) : null;
      if (!stop) continue;
      try {
        ids.push(await this.issue(tx, tenantId, s.id, t, stop.action, stop.params));
      } catch (err) {
        problems.push(`${t.name}: ${errorText(err)}`);
      }
    }
    if (ids.length === 0 && problems.length === 0) return;
    const msg = [
      `运行 ${action.durationMin} 分钟结束，已发送停止命令 (run time of ${action.durationMin} min over, stop sent)`,
      ...problems,
    ].join('; ');
    await insertRun(tx, tenantId, {
      strategyId: s.id,
      outcome: ids.length > 0 ? 'stopped' : 'failed',
      message: msg,
      commandIds: ids,
      at: now,
    });
  }

  /**
   * Runs a strategy's action now: guards first (unless forced), then one command per target. Logs the
   * run and moves the strategy's state. Used by the engine and by "run now" (in the request transaction).
   */
  async execute(
    tx: Db,
    tenantId: number,
    s: StrategyRow,
    now: Date,
    opts: { manual: boolean; force: boolean; timeZone: string },
  ): Promise<RunRow> {
    const action = s.action as StrategyAction;
    const isCondition = (s.trigger as StrategyTrigger).kind === 'condition';
    const prefix = opts.manual ? '手动执行 (manual run): ' : '';
    const skip = opts.force
      ? null
      : await this.guardSkip(tx, tenantId, s.guards as StrategyGuard[], now, opts.timeZone);
    let outcome: StrategyOutcome;
    let message: string;
    const ids: string[] = [];
    if (skip) {
      outcome = 'skipped';
      message = prefix + skip;
    } else {
      const problems: string[] = [];
      const targets = await this.targets(tx, tenantId, action);
      for (const t of targets) {
        const dev = (await devicesByIds(tx, tenantId, [t.deviceId]))[0];
        const type = dev ? deviceTypeByKey(dev.typeKey) : undefined;
        if (!type) {
          problems.push(`${t.name}: 设备不存在 (no such device)`);
          continue;
        }
        try {
          ids.push(await this.issue(tx, tenantId, s.id, t, action.action, paramsFor(type, action)));
        } catch (err) {
          problems.push(`${t.name}: ${errorText(err)}`);
        }
      }
      if (targets.length === 0) problems.push('没有目标设备 (no target device)');
      outcome = ids.length > 0 ? 'fired' : 'failed';
      const done =
        ids.length > 0
          ? `已向 ${ids.length} 台设备发送“${action.action}” (sent ${action.action} to ${ids.length})`
          : '';
      message = prefix + [done, ...problems].filter(Boolean).join('; ');
    }
    const quietMin =
      outcome === 'fired'
        ? action.durationMin > 0
          ? action.durationMin
          : isCondition
            ? COOLDOWN_MIN
            : 0
        : isCondition
          ? COOLDOWN_MIN
          : 0;
    await setStrategyState(tx, tenantId, s.id, {
      lastRunAt: now,
      conditionSince: null,
      quietUntil: quietMin > 0 ? addMin(now, quietMin) : null,
    });
    return insertRun(tx, tenantId, {
      strategyId: s.id,
      outcome,
      message: message.slice(0, 2000),
      commandIds: ids,
      at: now,
    });
  }

  /** The reason to skip, or null to go ahead. */
  private async guardSkip(
    tx: Db,
    tenantId: number,
    guards: StrategyGuard[],
    now: Date,
    tz: string,
  ): Promise<string | null> {
    for (const g of guards) {
      if (g.kind === 'timeWindow' && !inWindow(g.from, g.to, now, tz))
        return `不在 ${g.from}–${g.to} 时段内，跳过 (outside ${g.from}–${g.to}, skipped)`;
      if (g.kind === 'noRainToday') {
        const rain = await rainSince(tx, tenantId, g.deviceId, startOfDayAt(now, tz));
        if (rain.rainfall > 0 || rain.rainFlag > 0) {
          const mm = rain.rainfall > 0 ? `，雨量 ${rain.rainfall.toFixed(1)} mm` : '';
          const en = rain.rainfall > 0 ? `, ${rain.rainfall.toFixed(1)} mm` : '';
          return `今天已下雨${mm}，跳过 (it rained today${en}, skipped)`;
        }
      }
    }
    return null;
  }

  private async targets(tx: Db, tenantId: number, a: StrategyAction): Promise<Target[]> {
    if (a.targetKind === 'device') {
      const [d] = await devicesByIds(tx, tenantId, [a.targetId]);
      return d ? [{ deviceId: d.id, channelId: null, name: d.name }] : [];
    }
    return (await membersOf(tx, tenantId, [a.targetId])).map((m) => ({
      deviceId: m.deviceId,
      channelId: m.channelId,
      name: m.channelName ? `${m.deviceName}/${m.channelName}` : m.deviceName,
    }));
  }

  /** One command through the control module; a savepoint keeps a failed one from spoiling the pass. */
  private async issue(
    tx: Db,
    tenantId: number,
    strategyId: number,
    t: Target,
    action: string,
    params: Params,
  ) {
    const res = await withSavepoint(tx, (sp) =>
      issueCommand(this.platform, sp, tenantId, {
        deviceId: t.deviceId,
        channelId: t.channelId,
        action,
        params,
        source: 'strategy',
        userId: null,
        sourceId: strategyId,
      }),
    );
    if (res.state === 'failed') throw new Error('command issue failed');
    return res.cmdId;
  }
}
