import type { PermissionCode } from '@tilth/contracts/permissions';
import type { TaskAction, TaskEvent, TaskStatus, TaskStoredStatus } from '@tilth/contracts/task.types';
import type { Lang } from '../../../platform/i18n/lang.js';

// The task state machine (docs/farm-tasks.md). Pure: the services ask it what may happen and who may do it.

export const TASK_ACCESS = {
  /** Task management page (all tasks of the tenant). */
  manage: 'wfpf.farm.farm.taskManger',
  /** My tasks page (tasks the caller's worker leads or takes part in). */
  mine: 'wfpf.farm.farm.task',
  create: 'wfpf.farm.farm.task.ps.create',
  edit: 'wfpf.farm.farm.task.ps.edit',
  delete: 'wfpf.farm.farm.task.ps.delete',
  assign: 'wfpf.farm.farm.task.ps.assign',
  approve: 'wfpf.farm.farm.task.ps.approve',
} as const satisfies Record<string, PermissionCode>;

/** Who may do an action besides its state: a permission, the task's workers, or its creator / a holder. */
type Role =
  | { kind: 'permission'; code: PermissionCode }
  | { kind: 'worker' }
  | { kind: 'creatorOr'; code: PermissionCode };

interface Rule {
  from: readonly TaskStoredStatus[];
  /** The stored state after it; null for edit and delete. */
  to: TaskStoredStatus | null;
  role: Role;
}

export const TASK_RULES: Record<TaskAction, Rule> = {
  edit: {
    from: ['unassigned', 'not_started'],
    to: null,
    role: { kind: 'permission', code: TASK_ACCESS.edit },
  },
  delete: {
    from: ['unassigned', 'not_started', 'canceled'],
    to: null,
    role: { kind: 'permission', code: TASK_ACCESS.delete },
  },
  assign: {
    from: ['unassigned', 'not_started'],
    to: 'not_started',
    role: { kind: 'permission', code: TASK_ACCESS.assign },
  },
  start: { from: ['not_started'], to: 'in_progress', role: { kind: 'worker' } },
  finish: { from: ['in_progress'], to: 'finished', role: { kind: 'worker' } },
  approve: { from: ['finished'], to: 'closed', role: { kind: 'creatorOr', code: TASK_ACCESS.approve } },
  reject: { from: ['finished'], to: 'in_progress', role: { kind: 'creatorOr', code: TASK_ACCESS.approve } },
  end: {
    from: ['not_started', 'in_progress'],
    to: 'closed',
    role: { kind: 'creatorOr', code: TASK_ACCESS.edit },
  },
  cancel: {
    from: ['unassigned', 'not_started', 'in_progress'],
    to: 'canceled',
    role: { kind: 'creatorOr', code: TASK_ACCESS.edit },
  },
};

/** The caller as the rules see them. */
export interface TaskActor {
  userId: number;
  /** The worker the user signs in as in this tenant, if any. */
  workerId: number | undefined;
  permissions: ReadonlySet<string>;
}

export interface TaskFacts {
  status: TaskStoredStatus;
  createdBy: number | null;
  leaderWorkerId: number | null;
  participantIds: readonly number[];
}

export const isTaskWorker = (actor: TaskActor, t: TaskFacts): boolean =>
  actor.workerId !== undefined &&
  (t.leaderWorkerId === actor.workerId || t.participantIds.includes(actor.workerId));

/** Whether the actor's role allows the action (state aside). */
export const roleAllows = (action: TaskAction, actor: TaskActor, t: TaskFacts): boolean => {
  const role = TASK_RULES[action].role;
  if (role.kind === 'permission') return actor.permissions.has(role.code);
  if (role.kind === 'worker') return isTaskWorker(actor, t);
  return t.createdBy === actor.userId || actor.permissions.has(role.code);
};

export const stateAllows = (action: TaskAction, status: TaskStoredStatus): boolean =>
  TASK_RULES[action].from.includes(status);

/** What the actor may do with the task now. */
export const allowedActions = (actor: TaskActor, t: TaskFacts): TaskAction[] =>
  (Object.keys(TASK_RULES) as TaskAction[]).filter(
    (a) => stateAllows(a, t.status) && roleAllows(a, actor, t),
  );

const OPEN: readonly TaskStoredStatus[] = ['unassigned', 'not_started', 'in_progress'];

/** The status shown: 'overdue' when the work is not done and the end date is before today. */
export const shownStatus = (status: TaskStoredStatus, endDate: string, today: string): TaskStatus =>
  OPEN.includes(status) && endDate < today ? 'overdue' : status;

export const STATUS_LABELS: Record<Lang, Record<TaskStatus, string>> = {
  'zh-CN': {
    unassigned: '待分配',
    not_started: '未开始',
    in_progress: '进行中',
    overdue: '已逾期',
    finished: '已完成',
    closed: '已关闭',
    canceled: '已取消',
  },
  'en-US': {
    unassigned: 'unassigned',
    not_started: 'not started',
    in_progress: 'in progress',
    overdue: 'overdue',
    finished: 'finished',
    closed: 'closed',
    canceled: 'canceled',
  },
};

/** The action as a verb ('start') and as a participle ('started'), for messages. */
export const ACTION_LABELS: Record<Lang, Record<TaskAction, [string, string]>> = {
  'zh-CN': {
    edit: ['编辑', '编辑'],
    delete: ['删除', '删除'],
    assign: ['分配', '分配'],
    start: ['开始', '开始'],
    finish: ['完成', '完成'],
    approve: ['审核通过', '审核通过'],
    reject: ['驳回', '驳回'],
    end: ['结束', '结束'],
    cancel: ['取消', '取消'],
  },
  'en-US': {
    edit: ['edit', 'edited'],
    delete: ['delete', 'deleted'],
    assign: ['assign', 'assigned'],
    start: ['start', 'started'],
    finish: ['finish', 'finished'],
    approve: ['approve', 'approved'],
    reject: ['reject', 'rejected'],
    end: ['end', 'ended'],
    cancel: ['cancel', 'canceled'],
  },
};

export interface TimelineFacts {
  status: TaskStoredStatus;
  creationDate: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  lastUpdateDate: Date;
  reason: string | null;
}

/**
 * The task's history as far as its row tells it: created, started, finished, then how it left finished
 * (rejected back to work, approved) or how it stopped early (ended, canceled). A reason on a closed task
 * means it was ended early; approve clears the reason, reject, end and cancel set it.
 */
export const timelineOf = (t: TimelineFacts): TaskEvent[] => {
  const out: TaskEvent[] = [{ event: 'created', at: t.creationDate.toISOString(), reason: null }];
  if (t.startedAt) out.push({ event: 'started', at: t.startedAt.toISOString(), reason: null });
  if (t.finishedAt) out.push({ event: 'finished', at: t.finishedAt.toISOString(), reason: null });
  const at = t.lastUpdateDate.toISOString();
  if (t.status === 'in_progress' && t.reason) out.push({ event: 'rejected', at, reason: t.reason });
  if (t.status === 'closed') out.push({ event: t.reason ? 'ended' : 'approved', at, reason: t.reason });
  if (t.status === 'canceled') out.push({ event: 'canceled', at, reason: t.reason });
  return out;
};
