import { z } from 'zod';
import { batchDate } from './batch.types.js';
import {
  blankAsUnset,
  bodyId,
  queryId as id,
  objectVersionNumber,
  optionalText,
  pageOf,
  pageQuery,
  requiredText,
  tenantParam,
  updateBodyOf,
} from './common.types.js';

// Farm tasks (farm/task "my tasks", farm/taskManger "task management"): spec 01 §3 (status labels),
// spec 03 §4 (states and actions), §5 ('a task needs a leader before assignment', 'start date cannot be
// later than end date', 'the same agricultural input cannot be selected twice'), §6 (creator,
// responsible, participant). Transitions: docs/farm-tasks.md.

export const TASK_NAME_MAX = 60;
export const TASK_DESCRIPTION_MAX = 500;
export const TASK_NOTE_MAX = 500;
export const TASK_REASON_MAX = 200;
export const TASK_PHOTOS_MAX = 9;
export const TASK_PARTICIPANTS_MAX = 50;
export const TASK_INPUTS_MAX = 50;
/** Input quantities: 3 decimals (the stock's scale), more than 0 and at most this. */
export const TASK_QUANTITY_MAX = 99_999_999;

/** Stored states. */
export const TASK_STORED_STATUSES = [
  'unassigned',
  'not_started',
  'in_progress',
  'finished',
  'closed',
  'canceled',
] as const;
export type TaskStoredStatus = (typeof TASK_STORED_STATUSES)[number];
/** States shown (and filtered on): the stored ones plus the derived 'overdue'. */
export const TASK_STATUSES = [...TASK_STORED_STATUSES, 'overdue'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** Stored states a task can still be overdue in (work not done yet). */
export const TASK_OPEN_STATUSES = ['unassigned', 'not_started', 'in_progress'] as const;

export const TASK_ACTIONS = [
  'edit',
  'delete',
  'assign',
  'start',
  'finish',
  'approve',
  'reject',
  'end',
  'cancel',
] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];

const quantity = z
  .number()
  .gt(0, { error: `must be more than 0 and at most ${TASK_QUANTITY_MAX}` })
  .max(TASK_QUANTITY_MAX, { error: `must be more than 0 and at most ${TASK_QUANTITY_MAX}` })
  .multipleOf(0.001, { error: 'at most 3 decimals' });

/** One planned input of a task: how much of which input the work should take. */
export const taskPlannedInputBody = z.strictObject({ inputId: bodyId, amount: quantity });
/** One input used when finishing: taken out of the task base's stock. */
export const taskUsedInputBody = z.strictObject({ inputId: bodyId, quantity });

const plannedInputs = z.array(taskPlannedInputBody).max(TASK_INPUTS_MAX);
const participantIds = z.array(bodyId).max(TASK_PARTICIPANTS_MAX);

export const taskCreateBody = z.strictObject({
  taskName: requiredText(TASK_NAME_MAX),
  taskTypeId: bodyId,
  /** The base; inputs used are taken out of its stock. */
  areaId: bodyId,
  landId: bodyId.nullable().optional(),
  batchId: bodyId.nullable().optional(),
  startDate: batchDate,
  endDate: batchDate,
  /** With a leader the task starts not_started (assigned), without one unassigned. */
  leaderWorkerId: bodyId.nullable().optional(),
  participantIds: participantIds.optional(),
  plannedInputs: plannedInputs.optional(),
  description: optionalText(TASK_DESCRIPTION_MAX).optional(),
});
export type TaskCreateBody = z.infer<typeof taskCreateBody>;

/** Edit while unassigned or not_started; omitted fields keep their value, null clears a nullable one. */
const taskUpdateFields = z.strictObject({
  taskId: bodyId,
  objectVersionNumber,
  taskName: requiredText(TASK_NAME_MAX).optional(),
  taskTypeId: bodyId.optional(),
  areaId: bodyId.optional(),
  landId: bodyId.nullable().optional(),
  batchId: bodyId.nullable().optional(),
  startDate: batchDate.optional(),
  endDate: batchDate.optional(),
  plannedInputs: plannedInputs.optional(),
  description: optionalText(TASK_DESCRIPTION_MAX).optional(),
});
export type TaskUpdateBody = z.infer<typeof taskUpdateBody>;

export const taskVersionBody = z.strictObject({ objectVersionNumber });
export type TaskVersionBody = z.infer<typeof taskVersionBody>;

export const taskAssignBody = z.strictObject({
  objectVersionNumber,
  /** Required: 'a task needs a leader before assignment' (null or absent → 400). */
  leaderWorkerId: bodyId.nullable().optional(),
  /** Replaces the participants; the leader is not listed again. */
  participantIds: participantIds.optional(),
});
export type TaskAssignBody = z.infer<typeof taskAssignBody>;

/** reject, end and cancel say why. */
export const taskReasonBody = z.strictObject({
  objectVersionNumber,
  reason: requiredText(TASK_REASON_MAX),
});
export type TaskReasonBody = z.infer<typeof taskReasonBody>;

/** A file of this server in the caller's tenant: /hfle/v1/{t}/files/{uuid}/file. */
export const TASK_PHOTO_URL =
  /^\/hfle\/v1\/(\d{1,10})\/files\/([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\/file$/;

export const taskFinishBody = z.strictObject({
  objectVersionNumber,
  note: optionalText(TASK_NOTE_MAX).optional(),
  photos: z
    .array(
      z
        .string()
        .max(200)
        .regex(TASK_PHOTO_URL, { error: 'must be a file address /hfle/v1/{t}/files/{id}/file' }),
    )
    .max(TASK_PHOTOS_MAX, { error: `at most ${TASK_PHOTOS_MAX} photos` })
    .optional(),
  inputs: z.array(taskUsedInputBody).max(TASK_INPUTS_MAX).optional(),
});
export type TaskFinishBody = z.infer<typeof taskFinishBody>;

export const taskDeleteQuery = z.object({
  objectVersionNumber: blankAsUnset(z.coerce.number().int().min(1).max(2_147_483_647)),
});
export type TaskDeleteQuery = z.infer<typeof taskDeleteQuery>;

export const taskListQuery = pageQuery.extend({
  /** Contains, any case. */
  taskName: z
    .string()
    .max(TASK_NAME_MAX * 2)
    .optional(),
  /** The status shown: 'overdue' = open and past its end date; an open status excludes overdue tasks. */
  status: blankAsUnset(z.enum(TASK_STATUSES)),
  areaId: blankAsUnset(id),
  landId: blankAsUnset(id),
  batchId: blankAsUnset(id),
  planId: blankAsUnset(id),
  leaderWorkerId: blankAsUnset(id),
  taskTypeId: blankAsUnset(id),
  /** Tasks whose period overlaps startDate..endDate (either bound may be left out). */
  startDate: blankAsUnset(batchDate),
  endDate: blankAsUnset(batchDate),
});
export type TaskListQuery = z.infer<typeof taskListQuery>;

export const taskIdParam = tenantParam.extend({ id });

export const taskWorkerRef = z.object({ workerId: z.number().int(), workerName: z.string().nullable() });
export type TaskWorkerRef = z.infer<typeof taskWorkerRef>;

export const task = z.object({
  taskId: z.number().int(),
  taskName: z.string(),
  taskTypeId: z.number().int().nullable(),
  taskTypeName: z.string().nullable(),
  taskTypeColor: z.string().nullable(),
  areaId: z.number().int().nullable(),
  areaName: z.string().nullable(),
  landId: z.number().int().nullable(),
  landName: z.string().nullable(),
  batchId: z.number().int().nullable(),
  batchName: z.string().nullable(),
  planId: z.number().int().nullable(),
  planName: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  /** Stored state (what transitions check). */
  storedStatus: z.enum(TASK_STORED_STATUSES),
  /** Shown state: storedStatus, or 'overdue' when open and past its end date (China time). */
  status: z.enum(TASK_STATUSES),
  overdue: z.boolean(),
  leaderWorkerId: z.number().int().nullable(),
  leaderName: z.string().nullable(),
  participants: z.array(taskWorkerRef),
  description: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  finishNote: z.string().nullable(),
  /** Reason of the last reject (while back in progress), end or cancel. */
  reason: z.string().nullable(),
  createdBy: z.number().int().nullable(),
  /** What the caller may do with the task now (state, role and permissions together). */
  actions: z.array(z.enum(TASK_ACTIONS)),
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
});
export type Task = z.infer<typeof task>;
export const taskPage = pageOf(task);

export const taskInputLine = z.object({
  inputId: z.number().int(),
  inputName: z.string().nullable(),
  unit: z.string().nullable(),
  quantity: z.number(),
});
export type TaskInputLine = z.infer<typeof taskInputLine>;

export const TASK_EVENTS = [
  'created',
  'started',
  'finished',
  'rejected',
  'approved',
  'ended',
  'canceled',
] as const;
export const taskEvent = z.object({
  event: z.enum(TASK_EVENTS),
  at: z.string(),
  reason: z.string().nullable(),
});
export type TaskEvent = z.infer<typeof taskEvent>;

export const taskDetail = task.extend({
  plannedInputs: z.array(taskInputLine),
  usedInputs: z.array(taskInputLine),
  finishPhotos: z.array(z.string()),
  /** Derived from the task's dates and reason (no separate history is kept). */
  timeline: z.array(taskEvent),
});
export type TaskDetail = z.infer<typeof taskDetail>;

// PUT bodies: the writable fields, plus what the GET answers (accepted and ignored; docs/api.md).
export const taskUpdateBody = updateBodyOf(taskUpdateFields, taskDetail);
