import type {
  Strategy,
  StrategyAction,
  StrategyCreateBody,
  StrategyGuard,
  StrategyListQuery,
  StrategyOutcome,
  StrategyRun,
  StrategyRunBody,
  StrategyRunQuery,
  StrategyTrigger,
  StrategyUpdateBody,
} from '@tilth/contracts/automation.types';
import type { Page } from '@tilth/contracts/common.types';
import { deviceTypeByKey, metricOf } from '@tilth/contracts/device-types';
import { AUTOMATION_CODES, type PermissionCode } from '@tilth/contracts/permissions';
import { pageAnswer } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { CommandInvalid, validateCommand } from '../control/index.js';
import { AutomationErrors } from './automation.errors.js';
import { channelsByIds, devicesByIds } from './automation-targets.repository.js';
import { findGroup, groupNames, membersOf } from './group.repository.js';
import type { StrategyEngine } from './strategy.engine.js';
import { type Params, paramsFor } from './strategy.logic.js';
import {
  deleteStrategy,
  findStrategy,
  insertStrategy,
  lastRuns,
  listRuns,
  listStrategies,
  type RunRow,
  type StrategyRow,
  type StrategyValues,
  updateStrategy,
} from './strategy.repository.js';

export const toRun = (r: RunRow): StrategyRun => ({
  id: r.id,
  strategyId: r.strategyId,
  outcome: r.outcome as StrategyOutcome,
  message: r.message,
  commandIds: r.commandIds,
  at: r.at.toISOString(),
});

export class StrategyService {
  /** engine null: no run-now (demo seeding). */
  constructor(private readonly engine: StrategyEngine | null) {}

  async list(ctx: Ctx, q: StrategyListQuery): Promise<Page<Strategy>> {
    requireTenant(ctx);
    requireAccess(ctx, AUTOMATION_CODES.strategy.view);
    const all = q.size === 0;
    const { rows, total } = await listStrategies(
      ctx.db,
      ctx.tenantId,
      { name: q.name?.trim() || undefined, enabledFlag: q.enabledFlag },
      all ? undefined : q.size,
      all ? 0 : q.page * q.size,
    );
    return pageAnswer(await this.views(ctx, rows), total, q);
  }

  async get(ctx: Ctx, id: number): Promise<Strategy> {
    requireTenant(ctx);
    requireAccess(ctx, AUTOMATION_CODES.strategy.view);
    const s = await findStrategy(ctx.db, ctx.tenantId, id);
    if (!s) throw AutomationErrors.strategyNotFound();
    return (await this.views(ctx, [s]))[0] as Strategy;
  }

  async create(ctx: Ctx, body: StrategyCreateBody): Promise<Strategy> {
    requireTenant(ctx);
    requireAccess(ctx, AUTOMATION_CODES.strategy.create);
    await this.check(ctx, body);
    const id = await insertStrategy(ctx.db, ctx.tenantId, ctx.user.id, this.values(body));
    return this.get(ctx, id);
  }

  /** Edits a strategy; its condition timer and quiet period start afresh (a pending stop is kept). */
  async update(ctx: Ctx, body: StrategyUpdateBody): Promise<Strategy> {
    requireTenant(ctx);
    requireAccess(ctx, AUTOMATION_CODES.strategy.edit);
    const current = await findStrategy(ctx.db, ctx.tenantId, body.id, 'update');
    if (!current) throw AutomationErrors.strategyNotFound();
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    await this.check(ctx, body);
    const ok = await updateStrategy(ctx.db, ctx.tenantId, body.id, body.objectVersionNumber, ctx.user.id, {
      ...this.values(body),
      conditionSince: null,
    });
    if (!ok) throw CommonErrors.stale();
    return this.get(ctx, body.id);
  }

  async enable(ctx: Ctx, id: number, enabledFlag: 0 | 1): Promise<Strategy> {
    requireTenant(ctx);
    requireAccess(ctx, AUTOMATION_CODES.strategy.edit);
    const s = await findStrategy(ctx.db, ctx.tenantId, id, 'update');
    if (!s) throw AutomationErrors.strategyNotFound();
    await this.requireControl(ctx, s.action as StrategyAction);
    await updateStrategy(ctx.db, ctx.tenantId, id, undefined, ctx.user.id, {
      enabledFlag,
      conditionSince: null,
    });
    return this.get(ctx, id);
  }

  async remove(ctx: Ctx, id: number): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, AUTOMATION_CODES.strategy.delete);
    if (!(await deleteStrategy(ctx.db, ctx.tenantId, id))) throw AutomationErrors.strategyNotFound();
    return { success: true };
  }

  /** Runs the action now, whatever the trigger says; guards apply unless force. */
  async runNow(ctx: Ctx, id: number, body: StrategyRunBody): Promise<StrategyRun> {
    requireTenant(ctx);
    requireAccess(ctx, AUTOMATION_CODES.strategy.run);
    const s = await findStrategy(ctx.db, ctx.tenantId, id, 'update');
    if (!s) throw AutomationErrors.strategyNotFound();
    await this.requireControl(ctx, s.action as StrategyAction);
    if (!this.engine) throw new Error('strategy engine not running');
    const run = await this.engine.execute(ctx.db, ctx.tenantId, s, new Date(), {
      manual: true,
      force: body.force,
      timeZone: ctx.timeZone,
    });
    return toRun(run);
  }

  async runs(ctx: Ctx, id: number, q: StrategyRunQuery): Promise<Page<StrategyRun>> {
    requireTenant(ctx);
    requireAccess(ctx, AUTOMATION_CODES.strategy.view);
    if (!(await findStrategy(ctx.db, ctx.tenantId, id))) throw AutomationErrors.strategyNotFound();
    const all = q.size === 0;
    const { rows, total } = await listRuns(
      ctx.db,
      ctx.tenantId,
      id,
      q.outcome,
      all ? undefined : q.size,
      all ? 0 : q.page * q.size,
    );
    return pageAnswer(rows.map(toRun), total, q);
  }

  private values(b: StrategyCreateBody): StrategyValues {
    return {
      name: b.name,
      enabledFlag: b.enabledFlag,
      trigger: b.trigger as unknown as Record<string, unknown>,
      guards: b.guards as unknown as Record<string, unknown>[],
      action: b.action as unknown as Record<string, unknown>,
      description: b.description ?? null,
    };
  }

  private async views(ctx: TenantCtx, rows: StrategyRow[]): Promise<Strategy[]> {
    const actions = rows.map((r) => r.action as StrategyAction);
    const devIds = actions.filter((a) => a.targetKind === 'device').map((a) => a.targetId);
    const grpIds = actions.filter((a) => a.targetKind === 'group').map((a) => a.targetId);
    const devNames = new Map((await devicesByIds(ctx.db, ctx.tenantId, devIds)).map((d) => [d.id, d.name]));
    const grpNames = await groupNames(ctx.db, ctx.tenantId, grpIds);
    const last = await lastRuns(
      ctx.db,
      ctx.tenantId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => {
      const a = r.action as StrategyAction;
      const lastRun = last.get(r.id);
      return {
        id: r.id,
        name: r.name,
        enabledFlag: r.enabledFlag === 0 ? 0 : 1,
        trigger: r.trigger as StrategyTrigger,
        guards: r.guards as StrategyGuard[],
        action: a,
        description: r.description,
        targetName: (a.targetKind === 'device' ? devNames.get(a.targetId) : grpNames.get(a.targetId)) ?? null,
        conditionSince: r.conditionSince?.toISOString() ?? null,
        lastRunAt: r.lastRunAt?.toISOString() ?? null,
        quietUntil: r.quietUntil?.toISOString() ?? null,
        lastRun: lastRun ? toRun(lastRun) : null,
        objectVersionNumber: r.objectVersionNumber,
        creationDate: r.creationDate.toISOString(),
      };
    });
  }

  /** Whoever sets up or runs a strategy must be allowed to control what it drives. */
  private async requireControl(ctx: TenantCtx, a: StrategyAction): Promise<void> {
    const codes = new Set<PermissionCode>();
    for (const t of await this.targetTypes(ctx, a)) codes.add(t.type.permissions.control);
    for (const c of codes) requireAccess(ctx, c);
  }

  /** Each target with its type and the params it would receive (a channel fills its own switch / port). */
  private async targetTypes(ctx: TenantCtx, a: StrategyAction) {
    const out: { name: string; type: NonNullable<ReturnType<typeof deviceTypeByKey>>; params: Params }[] = [];
    if (a.targetKind === 'device') {
      const [d] = await devicesByIds(ctx.db, ctx.tenantId, [a.targetId]);
      const type = d ? deviceTypeByKey(d.typeKey) : undefined;
      if (!d || !type) throw AutomationErrors.deviceNotFound({ field: 'action.targetId', id: a.targetId });
      out.push({ name: d.name, type, params: paramsFor(type, a) });
      return out;
    }
    const g = await findGroup(ctx.db, ctx.tenantId, a.targetId);
    if (!g) throw AutomationErrors.groupNotFound();
    if (g.kind !== 'control') throw AutomationErrors.notControlGroup();
    const members = await membersOf(ctx.db, ctx.tenantId, [g.id]);
    if (members.length === 0) throw AutomationErrors.emptyGroup();
    const chans = new Map(
      (
        await channelsByIds(
          ctx.db,
          ctx.tenantId,
          members.flatMap((m) => (m.channelId ? [m.channelId] : [])),
        )
      ).map((c) => [c.id, c]),
    );
    for (const m of members) {
      const type = deviceTypeByKey(m.typeKey);
      if (!type) continue;
      const params = paramsFor(type, a);
      const c = m.channelId ? chans.get(m.channelId) : undefined;
      if (c && a.action === 'switch') Object.assign(params, { switchId: c.id, circuit: c.circuit });
      if (c && a.action === 'pump') Object.assign(params, { port: c.circuit });
      out.push({ name: m.channelName ? `${m.deviceName}/${m.channelName}` : m.deviceName, type, params });
    }
    return out;
  }

  /** Registry checks: the condition's metric and threshold, the rain guard's device, the action per target. */
  private async check(ctx: TenantCtx, b: StrategyCreateBody): Promise<void> {
    if (b.trigger.kind === 'condition') {
      const [d] = await devicesByIds(ctx.db, ctx.tenantId, [b.trigger.deviceId]);
      if (!d) throw AutomationErrors.deviceNotFound({ field: 'trigger.deviceId', id: b.trigger.deviceId });
      const m = metricOf(d.typeKey, b.trigger.metric);
      if (!m) throw AutomationErrors.unknownMetric({ metric: b.trigger.metric });
      if (b.trigger.threshold < m.min || b.trigger.threshold > m.max)
        throw AutomationErrors.thresholdOutOfRange({ min: m.min, max: m.max });
    }
    for (const g of b.guards) {
      if (g.kind !== 'noRainToday') continue;
      const [d] = await devicesByIds(ctx.db, ctx.tenantId, [g.deviceId]);
      if (!d) throw AutomationErrors.deviceNotFound({ field: 'guards.deviceId', id: g.deviceId });
      if (!metricOf(d.typeKey, 'rainfall') && !metricOf(d.typeKey, 'rainFlag'))
        throw AutomationErrors.notWeatherStation({ name: d.name });
    }
    for (const t of await this.targetTypes(ctx, b.action)) {
      requireAccess(ctx, t.type.permissions.control);
      if (!t.type.commands.some((c) => c.action === b.action.action))
        throw AutomationErrors.unknownAction({ name: t.name, action: b.action.action });
      try {
        validateCommand(t.type, b.action.action, t.params);
      } catch (err) {
        if (err instanceof CommandInvalid)
          throw AutomationErrors.badParams({ detail: `${t.name}: ${err.message}` });
        throw err;
      }
    }
  }
}
