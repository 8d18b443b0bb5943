import { z } from 'zod';
import { blankAsUnset } from './common.types.js';
import { farmLog } from './farm-log.types.js';

// The farm home dashboard (farm/home): GET /wfpf/v1/{t}/farm/overview?areaId= (chosen path).
// 'Today' is the calendar day in the tenant's time zone (timeZone of the answer).

/** Task statuses that are done with: never 'today' and never overdue. */
export const FARM_HOME_DONE_TASK_STATUSES = ['finished', 'closed', 'canceled'] as const;
/** Rows of each task list (today's, overdue); the counts are complete. */
export const FARM_HOME_TASK_ROWS = 20;
export const FARM_HOME_LOG_ROWS = 5;

export const farmOverviewQuery = z.object({
  /** The base chosen in the shell; absent: the whole enterprise. */
  areaId: blankAsUnset(z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER)),
});
export type FarmOverviewQuery = z.infer<typeof farmOverviewQuery>;

export const farmOverviewTask = z.object({
  taskId: z.number().int(),
  taskName: z.string(),
  /** Stored status: unassigned | not_started | in_progress. */
  status: z.string(),
  /** End date before today (the tenant's time zone). */
  overdue: z.boolean(),
  startDate: z.string(),
  endDate: z.string(),
  taskTypeName: z.string().nullable(),
  taskTypeColor: z.string().nullable(),
  areaName: z.string().nullable(),
  landName: z.string().nullable(),
  leaderWorkerId: z.number().int().nullable(),
  leaderName: z.string().nullable(),
});
export type FarmOverviewTask = z.infer<typeof farmOverviewTask>;

export const farmOverviewCrop = z.object({
  cropId: z.number().int(),
  cropName: z.string().nullable(),
  /** Growing batches of this crop. */
  batchCount: z.number().int(),
  /** Mu of the plots those batches are on. */
  areaMu: z.number(),
});
export type FarmOverviewCrop = z.infer<typeof farmOverviewCrop>;

export const farmOverview = z.object({
  /** 'YYYY-MM-DD' in timeZone. */
  today: z.string(),
  timeZone: z.string(),
  area: z
    .object({
      areaId: z.number().int(),
      areaName: z.string(),
      areaCenter: z.string().nullable(),
      areaUsage: z.string(),
    })
    .nullable(),
  lands: z.object({
    /** Plots (enabled and disabled). */
    total: z.number().int(),
    enabled: z.number().int(),
    /** Total mu of the enabled plots. */
    totalAreaMu: z.number(),
    /** Enabled plots with a growing batch. */
    inUse: z.number().int(),
  }),
  batches: z.object({
    growing: z.number().int(),
    /** Harvested with a harvest date in the current year (the tenant's time zone). */
    harvestedThisYear: z.number().int(),
    /** Growing batches by crop, most batches first. */
    growingByCrop: z.array(farmOverviewCrop),
  }),
  /** Enabled workers (of the base when one is asked, else all). */
  workers: z.object({ total: z.number().int() }),
  tasks: z.object({
    todayCount: z.number().int(),
    overdueCount: z.number().int(),
    inProgressCount: z.number().int(),
    /** Open tasks whose period covers today, earliest end first. */
    today: z.array(farmOverviewTask),
    /** Open tasks past their end date, longest overdue first. */
    overdue: z.array(farmOverviewTask),
  }),
  logs: z.object({
    /** Warning and emergency logs of the last 7 days. */
    warningCount7d: z.number().int(),
    emergencyCount7d: z.number().int(),
    latest: z.array(farmLog),
  }),
});
export type FarmOverview = z.infer<typeof farmOverview>;
