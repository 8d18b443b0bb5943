import {
  bigint,
  date,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import {
  areaScope,
  auditColumns,
  idColumn,
  tenantIdColumn,
  tenantIsolation,
} from '../../../platform/db/columns.js';
import type { PlannedInput } from '../plan/plan.tables.js';

/**
 * A farm task (farm/task, farm/taskManger). Stored status is one of unassigned | not_started |
 * in_progress | finished | closed | canceled; 'overdue' is derived (not finished and past its end date).
 * Transitions: docs/farm-tasks.md.
 */
export const tasks = pgTable(
  'tasks',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    taskName: text('task_name').notNull(),
    taskTypeId: bigint('task_type_id', { mode: 'number' }),
    areaId: bigint('area_id', { mode: 'number' }),
    landId: bigint('land_id', { mode: 'number' }),
    batchId: bigint('batch_id', { mode: 'number' }),
    planId: bigint('plan_id', { mode: 'number' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('unassigned'),
    leaderWorkerId: bigint('leader_worker_id', { mode: 'number' }),
    plannedInputs: jsonb('planned_inputs').$type<PlannedInput[]>().notNull().default([]),
    description: text('description'),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    finishNote: text('finish_note'),
    finishPhotos: text('finish_photos').array().notNull().default([]),
    /** Reason given with reject, cancel or end. */
    reason: text('reason'),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('tasks_status_idx').on(t.tenantId, t.status, t.endDate),
    index('tasks_leader_idx').on(t.tenantId, t.leaderWorkerId, t.status),
    index('tasks_batch_idx').on(t.tenantId, t.batchId),
    index('tasks_plan_idx').on(t.tenantId, t.planId),
    tenantIsolation(),
    areaScope(),
  ],
);

export const taskParticipants = pgTable(
  'task_participants',
  {
    tenantId: tenantIdColumn(),
    taskId: bigint('task_id', { mode: 'number' }).notNull(),
    workerId: bigint('worker_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.taskId, t.workerId] }),
    index('task_participants_worker_idx').on(t.tenantId, t.workerId),
    tenantIsolation(),
  ],
);

/** Inputs actually used, recorded on finish; each took its quantity out of the base's stock. */
export const taskInputUsages = pgTable(
  'task_input_usages',
  {
    tenantId: tenantIdColumn(),
    taskId: bigint('task_id', { mode: 'number' }).notNull(),
    inputId: bigint('input_id', { mode: 'number' }).notNull(),
    areaId: bigint('area_id', { mode: 'number' }).notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 3 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.taskId, t.inputId] }), tenantIsolation(), areaScope()],
);
