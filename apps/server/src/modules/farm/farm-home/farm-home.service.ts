import {
  FARM_HOME_DONE_TASK_STATUSES,
  FARM_HOME_LOG_ROWS,
  FARM_HOME_TASK_ROWS,
  type FarmOverview,
  type FarmOverviewQuery,
  type FarmOverviewTask,
} from '@tilth/contracts/farm-home.types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import { today as todayIn } from '../../../platform/time/zone.js';
import { findBase } from '../area/index.js';
import { toFarmLog } from '../farm-log/index.js';
import { FarmHomeErrors } from './farm-home.errors.js';
import {
  growingByCrop,
  harvestedBetween,
  landFigures,
  latestLogs,
  logLevelCounts,
  type TaskRow,
  taskCounts,
  taskRows,
  workerCount,
} from './farm-home.repository.js';

export const FARM_HOME_ACCESS = { read: 'wfpf.farm.farm.home' } as const satisfies Record<
  string,
  PermissionCode
>;

const WEEK_MS = 7 * 24 * 3600 * 1000;

const toTask =
  (today: string) =>
  (r: TaskRow): FarmOverviewTask => ({ ...r, overdue: r.endDate < today });

/**
 * The farm home's figures for one base (or the whole enterprise). "Today" is the calendar day in
 * the tenant's time zone (ctx.timeZone): a task is today's when startDate ≤ today ≤ endDate and overdue when
 * endDate < today, in both cases only while not finished, closed or canceled.
 */
export class FarmHomeService {
  async overview(ctx: Ctx, q: FarmOverviewQuery, now: Date = new Date()): Promise<FarmOverview> {
    requireTenant(ctx);
    requireAccess(ctx, FARM_HOME_ACCESS.read);
    const { db, tenantId } = ctx;
    const areaId = q.areaId;
    const base = areaId === undefined ? undefined : await findBase(db, tenantId, areaId);
    if (areaId !== undefined && !base) throw FarmHomeErrors.areaNotFound();
    const area = base
      ? { areaId: base.id, areaName: base.areaName, areaCenter: base.areaCenter, areaUsage: base.areaUsage }
      : null;
    const today = todayIn(ctx.timeZone, now);
    const done = FARM_HOME_DONE_TASK_STATUSES;
    const year = today.slice(0, 4);
    // One transaction, one connection: the statements run one after another.
    const lands = await landFigures(db, tenantId, areaId);
    const byCrop = await growingByCrop(db, tenantId, ctx.lang, areaId);
    const harvested = await harvestedBetween(db, tenantId, `${year}-01-01`, `${year}-12-31`, areaId);
    const workers = await workerCount(db, tenantId, areaId);
    const counts = await taskCounts(db, tenantId, today, done, areaId);
    const todayRows = await taskRows(
      db,
      tenantId,
      ctx.lang,
      'today',
      today,
      done,
      FARM_HOME_TASK_ROWS,
      areaId,
    );
    const overdueRows = await taskRows(
      db,
      tenantId,
      ctx.lang,
      'overdue',
      today,
      done,
      FARM_HOME_TASK_ROWS,
      areaId,
    );
    const logs = await latestLogs(db, tenantId, FARM_HOME_LOG_ROWS, areaId);
    const levels = await logLevelCounts(
      db,
      tenantId,
      new Date(now.getTime() - WEEK_MS),
      ['warning', 'emergency'],
      areaId,
    );
    return {
      today,
      timeZone: ctx.timeZone,
      area,
      lands,
      batches: {
        growing: byCrop.reduce((sum, c) => sum + c.batchCount, 0),
        harvestedThisYear: harvested,
        growingByCrop: byCrop,
      },
      workers: { total: workers },
      tasks: {
        todayCount: counts.today,
        overdueCount: counts.overdue,
        inProgressCount: counts.inProgress,
        today: todayRows.map(toTask(today)),
        overdue: overdueRows.map(toTask(today)),
      },
      logs: {
        warningCount7d: levels.warning ?? 0,
        emergencyCount7d: levels.emergency ?? 0,
        latest: logs.map(toFarmLog),
      },
    };
  }
}
