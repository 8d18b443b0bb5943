import { z } from 'zod';
import { batchDate } from './batch.types.js';
import {
  blankAsUnset,
  bodyId,
  flag01,
  objectVersionNumber,
  optionalText,
  pageOf,
  pageQuery,
  queryId,
  requiredText,
  tenantIdParam,
  updateBodyOf,
} from './common.types.js';
import { DOC_AUDIT_STATES } from './workflow.docs.js';
import { chosenAssignees } from './workflow.types.js';

// Plan packages (farm/planPackage) and plans (farm/plan, farm/plan/info/{id}). Paths (chosen, spec shows
// none): /wfpf/v1/{t}/plan-package…, /wfpf/v1/{t}/plan…. A plan applies a package to growing batches of
// one base from a start date and generates one task per package task per batch.

export const PLAN_NAME_MAX = 60;
export const PLAN_DESCRIPTION_MAX = 500;
export const PLAN_PACKAGE_TASKS_MIN = 1;
export const PLAN_PACKAGE_TASKS_MAX = 200;
export const PLAN_DAY_OFFSET_MAX = 730;
export const PLAN_DURATION_DAYS_MAX = 365;
export const PLAN_INPUT_AMOUNT_MAX = 99_999_999;
export const PLAN_INPUTS_PER_TASK_MAX = 50;
export const PLAN_BATCHES_MAX = 500;

/** Stored task statuses (task module) plus the derived 'overdue'. */
export const PLAN_TASK_STATUSES = [
  'unassigned',
  'not_started',
  'in_progress',
  'finished',
  'closed',
  'canceled',
] as const;
export const PLAN_TASK_VIEW_STATUSES = [...PLAN_TASK_STATUSES, 'overdue'] as const;
export type PlanTaskViewStatus = (typeof PLAN_TASK_VIEW_STATUSES)[number];

// ---- plan packages ----

export const planInputBody = z.strictObject({
  inputId: bodyId,
  /** In the input's unit, per task: more than 0, at most 3 decimals. */
  amount: z
    .number()
    .gt(0, { error: `must be more than 0 and at most ${PLAN_INPUT_AMOUNT_MAX}` })
    .max(PLAN_INPUT_AMOUNT_MAX, { error: `must be more than 0 and at most ${PLAN_INPUT_AMOUNT_MAX}` })
    .multipleOf(0.001, { error: 'at most 3 decimals' }),
});
export type PlanInputBody = z.infer<typeof planInputBody>;

export const planPackageTaskBody = z.strictObject({
  taskName: requiredText(PLAN_NAME_MAX),
  taskTypeId: bodyId,
  /** Days after the plan's start date (0 = that day). */
  dayOffset: z.number().int().min(0).max(PLAN_DAY_OFFSET_MAX),
  durationDays: z.number().int().min(1).max(PLAN_DURATION_DAYS_MAX),
  inputs: z.array(planInputBody).max(PLAN_INPUTS_PER_TASK_MAX).default([]),
  description: optionalText(PLAN_DESCRIPTION_MAX).optional(),
});
export type PlanPackageTaskBody = z.infer<typeof planPackageTaskBody>;

const packageTasks = z.array(planPackageTaskBody).min(PLAN_PACKAGE_TASKS_MIN).max(PLAN_PACKAGE_TASKS_MAX);

export const planPackageCreateBody = z.strictObject({
  packageName: requiredText(PLAN_NAME_MAX),
  cropId: bodyId.nullable().optional(),
  description: optionalText(PLAN_DESCRIPTION_MAX).optional(),
  enabledFlag: flag01.default(1),
  tasks: packageTasks,
});
export type PlanPackageCreateBody = z.infer<typeof planPackageCreateBody>;

export type PlanPackageUpdateBody = z.infer<typeof planPackageUpdateBody>;

export const planPackageListQuery = pageQuery.extend({
  /** Contains, any case. */
  packageName: z
    .string()
    .max(PLAN_NAME_MAX * 2)
    .optional(),
  cropId: blankAsUnset(queryId),
  enabledFlag: blankAsUnset(z.coerce.number().int().min(0).max(1)),
});
export type PlanPackageListQuery = z.infer<typeof planPackageListQuery>;

export const planIdParam = tenantIdParam;

export const planInputLine = z.object({
  inputId: z.number().int(),
  inputName: z.string().nullable(),
  unit: z.string().nullable(),
  amount: z.number(),
});
export type PlanInputLine = z.infer<typeof planInputLine>;

export const planPackageTask = z.object({
  taskId: z.number().int(),
  taskName: z.string(),
  taskTypeId: z.number().int().nullable(),
  taskTypeName: z.string().nullable(),
  dayOffset: z.number().int(),
  durationDays: z.number().int(),
  inputs: z.array(planInputLine),
  description: z.string().nullable(),
  sortNo: z.number().int(),
});
export type PlanPackageTask = z.infer<typeof planPackageTask>;

export const planPackage = z.object({
  packageId: z.number().int(),
  packageName: z.string(),
  cropId: z.number().int().nullable(),
  cropName: z.string().nullable(),
  description: z.string().nullable(),
  enabledFlag: flag01,
  taskCount: z.number().int(),
  /** Days from the start to the end of the last task (max dayOffset + durationDays). */
  totalDays: z.number().int(),
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
});
export type PlanPackage = z.infer<typeof planPackage>;
export const planPackagePage = pageOf(planPackage);

export const planPackageDetail = planPackage.extend({ tasks: z.array(planPackageTask) });
export type PlanPackageDetail = z.infer<typeof planPackageDetail>;

// ---- plans ----

export const planCreateBody = z.strictObject({
  planName: requiredText(PLAN_NAME_MAX),
  packageId: bodyId,
  startDate: batchDate,
  /** Growing batches of one base; the plan's base is theirs. */
  batchIds: z.array(bodyId).min(1).max(PLAN_BATCHES_MAX),
  /** An enabled worker: the generated tasks start as not_started under them; none leaves them unassigned. */
  leaderWorkerId: bodyId.nullable().optional(),
  description: optionalText(PLAN_DESCRIPTION_MAX).optional(),
  /** Approvers the applicant chose for the bound flow's 'chosen' steps, by node id. */
  chosen: chosenAssignees.optional(),
});
export type PlanCreateBody = z.infer<typeof planCreateBody>;

const planUpdateFields = z.strictObject({
  planId: bodyId,
  objectVersionNumber,
  planName: requiredText(PLAN_NAME_MAX),
  description: optionalText(PLAN_DESCRIPTION_MAX).optional(),
});
export type PlanUpdateBody = z.infer<typeof planUpdateBody>;

/** POST /wfpf/v1/{t}/plan/{id}/batches: applies the plan to more growing batches of its base. */
export const planAddBatchesBody = z.strictObject({
  batchIds: z.array(bodyId).min(1).max(PLAN_BATCHES_MAX),
});
export type PlanAddBatchesBody = z.infer<typeof planAddBatchesBody>;

export const planListQuery = pageQuery.extend({
  /** Contains, any case. */
  planName: z
    .string()
    .max(PLAN_NAME_MAX * 2)
    .optional(),
  areaId: blankAsUnset(queryId),
  packageId: blankAsUnset(queryId),
  /** draft | submitted | approved | rejected (issue 14). */
  auditState: blankAsUnset(z.enum(DOC_AUDIT_STATES)),
});
export type PlanListQuery = z.infer<typeof planListQuery>;

/** Tasks of a plan by status; overdue ones count as overdue only, so the counts add up to the total. */
export const planStatusCounts = z.object({
  unassigned: z.number().int(),
  not_started: z.number().int(),
  in_progress: z.number().int(),
  finished: z.number().int(),
  closed: z.number().int(),
  canceled: z.number().int(),
  overdue: z.number().int(),
});
export type PlanStatusCounts = z.infer<typeof planStatusCounts>;

export const plan = z.object({
  planId: z.number().int(),
  planName: z.string(),
  packageId: z.number().int().nullable(),
  packageName: z.string().nullable(),
  areaId: z.number().int().nullable(),
  areaName: z.string().nullable(),
  startDate: z.string(),
  leaderWorkerId: z.number().int().nullable(),
  leaderWorkerName: z.string().nullable(),
  description: z.string().nullable(),
  batchCount: z.number().int(),
  taskCount: z.number().int(),
  statusCounts: planStatusCounts,
  /** Finished + closed tasks over all tasks not canceled, in percent (0–100, floored). */
  progress: z.number().int(),
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
  /** Approval (issue 14): a plan's tasks exist once it is 'approved'; 'submitted' waits for processId. */
  auditState: z.enum(DOC_AUDIT_STATES),
  processId: z.number().int().nullable(),
});
export type Plan = z.infer<typeof plan>;
export const planPage = pageOf(plan);

export const planTask = z.object({
  taskId: z.number().int(),
  taskName: z.string(),
  taskTypeId: z.number().int().nullable(),
  taskTypeName: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  /** Stored status, or 'overdue' when its end date is before today (farm time) and it is still open. */
  status: z.enum(PLAN_TASK_VIEW_STATUSES),
  leaderWorkerId: z.number().int().nullable(),
  leaderWorkerName: z.string().nullable(),
  plannedInputs: z.array(planInputLine),
});
export type PlanTask = z.infer<typeof planTask>;

export const planBatch = z.object({
  batchId: z.number().int(),
  batchCode: z.string().nullable(),
  batchName: z.string().nullable(),
  landId: z.number().int().nullable(),
  landName: z.string().nullable(),
  batchStatus: z.string().nullable(),
  taskCount: z.number().int(),
  progress: z.number().int(),
  tasks: z.array(planTask),
});
export type PlanBatch = z.infer<typeof planBatch>;

export const planDetail = plan.extend({ batches: z.array(planBatch) });
export type PlanDetail = z.infer<typeof planDetail>;

/**
 * A package's tasks as its GET answers them: the list is replaced, so a task's id, type name and order
 * (and an input's name and unit) are read-only there.
 */
const packageTasksAsRead = z
  .array(
    updateBodyOf(
      planPackageTaskBody.extend({
        inputs: z.array(updateBodyOf(planInputBody, planInputLine)).max(PLAN_INPUTS_PER_TASK_MAX).default([]),
      }),
      planPackageTask,
    ),
  )
  .min(PLAN_PACKAGE_TASKS_MIN)
  .max(PLAN_PACKAGE_TASKS_MAX);

/** Replaces the whole task list; omitted optional fields keep their value. */
const planPackageUpdateFields = z.strictObject({
  packageId: bodyId,
  objectVersionNumber,
  packageName: requiredText(PLAN_NAME_MAX),
  cropId: bodyId.nullable().optional(),
  description: optionalText(PLAN_DESCRIPTION_MAX).optional(),
  enabledFlag: flag01.optional(),
  tasks: packageTasksAsRead,
});

// PUT bodies: the writable fields, plus what the GET answers (accepted and ignored; docs/api.md).
export const planPackageUpdateBody = updateBodyOf(planPackageUpdateFields, planPackageDetail);
export const planUpdateBody = updateBodyOf(planUpdateFields, planDetail);
