import type { ChosenAssignees, ProcessModel } from '@tilth/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, tenantIdColumn, tenantIsolation } from '../../../platform/db/columns.js';
import type { Plan } from './workflow.plan.js';

// Approval processes (issue 14, ADR 0013). A definition is edited as a draft model and frozen into a new
// numbered version on every save; a running process is pinned to the version it started with and keeps
// the plan resolved from it at submit (conditions decided on the document's fields then).

export const approvalDefinitions = pgTable(
  'approval_definitions',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    docType: text('doc_type').notNull(),
    description: text('description'),
    enabledFlag: integer('enabled_flag').notNull().default(0),
    /** The newest version; its model is `model`. */
    version: integer('version').notNull().default(1),
    model: jsonb('model').$type<ProcessModel>().notNull(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('approval_definitions_name_uq').on(t.tenantId, t.name),
    tenantIsolation(),
  ],
);

/** Every saved version of a definition, never changed: what running processes were started from. */
export const approvalDefinitionVersions = pgTable(
  'approval_definition_versions',
  {
    tenantId: tenantIdColumn(),
    definitionId: bigint('definition_id', { mode: 'number' }).notNull(),
    version: integer('version').notNull(),
    model: jsonb('model').$type<ProcessModel>().notNull(),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.definitionId, t.version] }),
    foreignKey({
      columns: [t.tenantId, t.definitionId],
      foreignColumns: [approvalDefinitions.tenantId, approvalDefinitions.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);

/** config/audit: which definition a document type of the tenant goes through (no row: none, approved at once). */
export const approvalBindings = pgTable(
  'approval_bindings',
  {
    tenantId: tenantIdColumn(),
    docType: text('doc_type').notNull(),
    definitionId: bigint('definition_id', { mode: 'number' }).notNull(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.docType] }),
    foreignKey({
      columns: [t.tenantId, t.definitionId],
      foreignColumns: [approvalDefinitions.tenantId, approvalDefinitions.id],
    }),
    tenantIsolation(),
  ],
);

/** One run of a definition version for one document. state: PROCESS_STATES. */
export const approvalProcesses = pgTable(
  'approval_processes',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    definitionId: bigint('definition_id', { mode: 'number' }).notNull(),
    definitionVersion: integer('definition_version').notNull(),
    docType: text('doc_type').notNull(),
    thirdId: bigint('third_id', { mode: 'number' }).notNull(),
    formName: text('form_name').notNull(),
    formCode: text('form_code').notNull(),
    applicantId: bigint('applicant_id', { mode: 'number' }).notNull(),
    applicantUnitId: bigint('applicant_unit_id', { mode: 'number' }),
    /** The document's condition fields at submit. */
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    chosen: jsonb('chosen').$type<ChosenAssignees>().notNull().default({}),
    plan: jsonb('plan').$type<Plan>().notNull(),
    /** Steps passed in the current round (a send-back removes the target and what follows it). */
    completed: text('completed').array().notNull().default(sql`'{}'::text[]`),
    state: integer('state').notNull().default(1),
    /** Names of the steps waiting now (denormalised for the lists). */
    currentNames: text('current_names').notNull().default(''),
    startTime: timestamp('start_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    endTime: timestamp('end_time', { withTimezone: true, mode: 'date' }),
    /** Set at the first decision: withdrawing is allowed only before it. */
    firstDecisionAt: timestamp('first_decision_at', { withTimezone: true, mode: 'date' }),
    lastRemindAt: timestamp('last_remind_at', { withTimezone: true, mode: 'date' }),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('approval_processes_applicant_idx').on(t.tenantId, t.applicantId, t.state, t.id),
    index('approval_processes_doc_idx').on(t.tenantId, t.docType, t.thirdId),
    index('approval_processes_def_idx').on(t.tenantId, t.definitionId, t.definitionVersion, t.state),
    tenantIsolation(),
  ],
);

/** A person's part in a step: an approval to decide or a copy to read. state: TASK_STATES. */
export const approvalTasks = pgTable(
  'approval_tasks',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    processId: bigint('process_id', { mode: 'number' }).notNull(),
    nodeId: text('node_id').notNull(),
    nodeName: text('node_name').notNull(),
    /** 'approval' | 'carbon_copy' */
    taskType: text('task_type').notNull(),
    assigneeId: bigint('assignee_id', { mode: 'number' }).notNull(),
    state: integer('state').notNull(),
    /** Counts towards the step's outcome; false once the step was sent back (kept as history). */
    current: boolean('current').notNull().default(true),
    weight: integer('weight').notNull().default(1),
    /** Order within a sequential step, and of added signers. */
    seq: integer('seq').notNull().default(0),
    /** 'before' | 'after' for an added signer (must approve whatever the mode); null otherwise. */
    added: text('added'),
    /** The away user this task was delegated from, or the transferring user. */
    delegatedFrom: bigint('delegated_from', { mode: 'number' }),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    /** When the step's time-out reminds, then acts (null: no time-out). */
    remindAt: timestamp('remind_at', { withTimezone: true, mode: 'date' }),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }),
    objectVersionNumber: integer('object_version_number').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.processId],
      foreignColumns: [approvalProcesses.tenantId, approvalProcesses.id],
    }).onDelete('cascade'),
    // "My approvals" / "copied to me", newest first, by state.
    index('approval_tasks_assignee_idx').on(t.tenantId, t.assigneeId, t.taskType, t.state, t.id),
    index('approval_tasks_process_idx').on(t.tenantId, t.processId),
    // The time-out sweep: undecided tasks by their next due moment.
    index('approval_tasks_due_idx')
      .on(t.tenantId, t.dueAt)
      .where(sql`state in (0, 1) and due_at is not null`),
    tenantIsolation(),
  ],
);

/** The timeline of a process: who did what, when, with which comment. Append-only by the service. */
export const approvalEvents = pgTable(
  'approval_events',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    processId: bigint('process_id', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    action: text('action').notNull(),
    /** null: the system (a time-out). */
    actorId: bigint('actor_id', { mode: 'number' }),
    taskId: bigint('task_id', { mode: 'number' }),
    nodeId: text('node_id'),
    nodeName: text('node_name'),
    comment: text('comment'),
    targetIds: bigint('target_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    tookMs: bigint('took_ms', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.processId],
      foreignColumns: [approvalProcesses.tenantId, approvalProcesses.id],
    }).onDelete('cascade'),
    index('approval_events_process_idx').on(t.tenantId, t.processId, t.id),
    tenantIsolation(),
  ],
);

/** While `userId` is away (start–end), new tasks for them go to `delegateId` (recorded on the task). */
export const approvalDelegations = pgTable(
  'approval_delegations',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    delegateId: bigint('delegate_id', { mode: 'number' }).notNull(),
    startTime: timestamp('start_time', { withTimezone: true, mode: 'date' }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true, mode: 'date' }).notNull(),
    remark: text('remark'),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('approval_delegations_user_idx').on(t.tenantId, t.userId, t.endTime),
    tenantIsolation(),
  ],
);
