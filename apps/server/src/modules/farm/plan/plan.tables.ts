import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  areaScope,
  auditColumns,
  idColumn,
  tenantIdColumn,
  tenantIsolation,
} from '../../../platform/db/columns.js';

/** Planned use of an input by a task: amount in the input's unit (per task, not per mu). */
export interface PlannedInput {
  inputId: number;
  amount: string;
}

/** A reusable plan package (farm/planPackage): tasks at day offsets from a start date. */
export const planPackages = pgTable(
  'plan_packages',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    packageName: text('package_name').notNull(),
    cropId: bigint('crop_id', { mode: 'number' }),
    description: text('description'),
    enabledFlag: integer('enabled_flag').notNull().default(1),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('plan_packages_name_uq').on(t.tenantId, t.packageName),
    tenantIsolation(),
  ],
);

export const planPackageTasks = pgTable(
  'plan_package_tasks',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    packageId: bigint('package_id', { mode: 'number' }).notNull(),
    taskName: text('task_name').notNull(),
    taskTypeId: bigint('task_type_id', { mode: 'number' }),
    /** Days after the plan's start date the task starts (0 = that day). */
    dayOffset: integer('day_offset').notNull(),
    /** Days the task may take; its due date is start + durationDays - 1. */
    durationDays: integer('duration_days').notNull().default(1),
    inputs: jsonb('inputs').$type<PlannedInput[]>().notNull().default([]),
    description: text('description'),
    sortNo: integer('sort_no').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('plan_package_tasks_pkg_idx').on(t.tenantId, t.packageId, t.sortNo),
    tenantIsolation(),
  ],
);

/** A plan (farm/plan): a package applied to batches from a start date; it generated their tasks. */
export const plans = pgTable(
  'plans',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    planName: text('plan_name').notNull(),
    packageId: bigint('package_id', { mode: 'number' }),
    areaId: bigint('area_id', { mode: 'number' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** The worker who leads the generated tasks; null leaves them unassigned. */
    leaderWorkerId: bigint('leader_worker_id', { mode: 'number' }),
    description: text('description'),
    /** DOC_AUDIT_STATES (issue 14): the tasks are generated once 'approved'. */
    auditState: text('audit_state').notNull().default('approved'),
    /** The latest approval process of the plan (null: never went through one). */
    processId: bigint('process_id', { mode: 'number' }),
    ...auditColumns(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), tenantIsolation(), areaScope()],
);

export const planBatches = pgTable(
  'plan_batches',
  {
    tenantId: tenantIdColumn(),
    planId: bigint('plan_id', { mode: 'number' }).notNull(),
    batchId: bigint('batch_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.planId, t.batchId] }),
    index('plan_batches_batch_idx').on(t.tenantId, t.batchId),
    tenantIsolation(),
  ],
);
