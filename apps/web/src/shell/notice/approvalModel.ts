// The constant from the schema-free file: workflow.types would bring zod into the shell.
import { APPROVAL_COMMENT_MAX } from '@tilth/contracts/workflow.constants';
import type { ApprovalTaskItem, ProcessDetail, ProcessEvent } from '@tilth/contracts/workflow.types';

// Pure rules of the approval tab of the notice centre (spec 01 §2.12, §4; issue 14 item 4).

export { APPROVAL_COMMENT_MAX };

/** The radio choices: submitted by me, my approvals, copied to me. */
export const APPROVAL_VIEWS = ['user_edit', 'approval', 'carbon_copy'] as const;
export type ApprovalView = (typeof APPROVAL_VIEWS)[number];

/** Approval task row (spec 01 §3), as the two list calls answer it. */
export type ApprovalTask = ApprovalTaskItem;

/** Tag colours of antd's Tag. */
type TagColor = 'processing' | 'success' | 'error' | 'default' | 'warning';

export interface StateOption {
  value: number;
  /** Last segment of the locale key notice.approval.state.<key>. */
  key: string;
  color: TagColor;
}

// Spec 01 §4: process 1 in approval, 2 finished, 3 rejected (4 withdrawn is ours).
const PROCESS: readonly StateOption[] = [
  { value: 1, key: 'inApproval', color: 'processing' },
  { value: 2, key: 'finished', color: 'success' },
  { value: 3, key: 'rejected', color: 'error' },
  { value: 4, key: 'withdrawn', color: 'default' },
];
// Spec 01 §4: task 1 not reviewed, 2 reviewed, 3 rejected (0 waiting, 4 closed, 5 transferred are ours).
const TASK: readonly StateOption[] = [
  { value: 1, key: 'notReviewed', color: 'processing' },
  { value: 2, key: 'reviewed', color: 'success' },
  { value: 3, key: 'rejected', color: 'error' },
  { value: 0, key: 'waiting', color: 'warning' },
  { value: 4, key: 'closed', color: 'default' },
  { value: 5, key: 'transferred', color: 'default' },
];
// A CC task is 1 unread, 2 read.
const CC: readonly StateOption[] = [
  { value: 1, key: 'unread', color: 'processing' },
  { value: 2, key: 'read', color: 'default' },
];

/**
 * The status filter of a view: 'submitted by me' filters on the process state, 'my approvals' on the task
 * state (the spec's three), 'copied to me' on its CC task (unread / read: the call has only taskState).
 */
export const approvalStatuses = (view: ApprovalView): readonly StateOption[] =>
  view === 'approval' ? TASK.slice(0, 3) : view === 'carbon_copy' ? CC : PROCESS;

/** The state tag of a row: the task's in my approvals, the process's otherwise. */
export const approvalStateOf = (view: ApprovalView, task: ApprovalTask): StateOption | null => {
  const value = view === 'approval' ? task.taskState : task.processState;
  return (view === 'approval' ? TASK : PROCESS).find((s) => s.value === value) ?? null;
};

/** A CC row not read yet (shown in bold, marked read when opened). */
export const isUnreadCc = (view: ApprovalView, task: Pick<ApprovalTask, 'taskState'>): boolean =>
  view === 'carbon_copy' && task.taskState === 1;

/** Spec 01 §4: approve and reject only in my approvals, for tasks not yet reviewed (taskState below 2). */
export const canReview = (view: ApprovalView, task: Pick<ApprovalTask, 'taskState'>): boolean =>
  view === 'approval' && task.taskState !== null && task.taskState < 2;

/** The list call of a view (the paginator's `current` is 1-based, the API's page 0-based). */
export const approvalListRequest = (
  view: ApprovalView,
  current: number,
  size: number,
  status: number | undefined,
): { path: string; query: Record<string, string | number | undefined> } => {
  const page = Math.max(0, Math.floor(current) - 1);
  if (view === 'user_edit') {
    return { path: 'approval-process/query/page', query: { page, size, processState: status } };
  }
  return { path: 'approval-task/query/page', query: { page, size, taskType: view, taskState: status } };
};

/** Where viewing a stocktake's business object goes (spec 01 §2.12); other types answer their own path. */
export const approvalBusinessPath = (thirdId: string | number): string =>
  `/inventory/prment/inventory_form/info/${encodeURIComponent(String(thirdId))}`;

/**
 * Opens the business object of a process (spec 01 §2.12): asks business/data for its page, goes there
 * replacing the current history entry, and closes the notice modal. Nothing moves when the call fails.
 */
export const openBusiness = async (
  processId: number,
  deps: {
    load: (processId: number) => Promise<{ infoPath: string; thirdId: number }>;
    navigate: (to: string, options: { replace: true }) => void;
    close: () => void;
  },
): Promise<void> => {
  const data = await deps.load(processId);
  deps.navigate(data.infoPath || approvalBusinessPath(data.thirdId), { replace: true });
  deps.close();
};

/**
 * Wraps an action so that a call made while the previous one is still running is ignored (a double click
 * sends one request). The wrapped call answers undefined when ignored.
 */
export const singleFlight = <A extends unknown[], R>(fn: (...args: A) => Promise<R>) => {
  let running = false;
  return async (...args: A): Promise<R | undefined> => {
    if (running) return undefined;
    running = true;
    try {
      return await fn(...args);
    } finally {
      running = false;
    }
  };
};

/** The comment as the API takes it: trimmed, at most 200 characters, omitted when blank. */
export const commentOf = (text: string | undefined): string | undefined => {
  const t = (text ?? '').trim();
  return t ? [...t].slice(0, APPROVAL_COMMENT_MAX).join('') : undefined;
};

export type RejectTarget = 'applicant' | 'previous' | `node:${string}`;

/**
 * Where a reject may send the process: the applicant (the default), the previous step, and the earlier
 * steps the server offers in `rejectTargets` (each once; 'applicant' / 'previous' there are not repeated).
 */
export const rejectOptions = (
  detail: Pick<ProcessDetail, 'rejectTargets'> | undefined,
): { target: RejectTarget; name: string | null }[] => {
  const options: { target: RejectTarget; name: string | null }[] = [
    { target: 'applicant', name: null },
    { target: 'previous', name: null },
  ];
  for (const t of detail?.rejectTargets ?? []) {
    if (/^node:[A-Za-z0-9_-]{1,40}$/.test(t.target) && !options.some((o) => o.target === t.target)) {
      options.push({ target: t.target as RejectTarget, name: t.name });
    }
  }
  return options;
};

/** Time taken, e.g. '2 h 5 min' / '2小时5分'; under a minute '< 1 min' / '不到1分钟'. */
export const formatDuration = (ms: number | null | undefined, lang: string): string => {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '';
  const zh = lang.startsWith('zh');
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return zh ? '不到1分钟' : '< 1 min';
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  const parts: string[] = [];
  if (d) parts.push(zh ? `${d}天` : `${d} d`);
  if (h) parts.push(zh ? `${h}小时` : `${h} h`);
  // Minutes matter only within the first day.
  if (m && !d) parts.push(zh ? `${m}分` : `${m} min`);
  return parts.join(zh ? '' : ' ');
};

/** The timeline's dot colour per event. */
export const eventColor = (action: ProcessEvent['action']): string => {
  switch (action) {
    case 'approve':
    case 'timeoutApprove':
    case 'finish':
      return 'green';
    case 'reject':
    case 'sendBack':
    case 'timeoutReject':
      return 'red';
    case 'withdraw':
      return 'gray';
    case 'timeoutRemind':
    case 'escalate':
    case 'fallback':
    case 'remind':
      return 'orange';
    default:
      return 'blue';
  }
};

export interface StepLine {
  /** '' on the main line; the lane path joined otherwise. */
  lane: string;
  steps: ProcessDetail['steps'];
}

/**
 * The steps in rows for the timeline: consecutive steps of the same lane together, so parallel branches
 * show side by side as lanes of one block and the main line stays in order.
 */
export const stepLines = (steps: ProcessDetail['steps']): StepLine[][] => {
  const blocks: StepLine[][] = [];
  let blockOf = '';
  for (const step of steps) {
    const lane = step.lane.join('/');
    // A parallel block is named by its outermost parallel node ('par1' of 'par1:b2').
    const parallel = step.lane[0]?.split(':')[0] ?? '';
    const last = blocks[blocks.length - 1];
    if (parallel === '' || !last || parallel !== blockOf) {
      blocks.push([{ lane, steps: [step] }]);
      blockOf = parallel;
      continue;
    }
    const line = last.find((l) => l.lane === lane);
    if (line) line.steps.push(step);
    else last.push({ lane, steps: [step] });
  }
  return blocks;
};

/** The delegation body: picked wall times (the tenant's zone) → instants with offset. */
export const delegationBody = (
  delegateId: number,
  range: [string, string],
  remark: string | undefined,
): { delegateId: number; startTime: string; endTime: string; remark?: string } => {
  const r = (remark ?? '').trim();
  return { delegateId, startTime: range[0], endTime: range[1], ...(r ? { remark: r } : {}) };
};

/**
 * The bell's counts with the approval tab's from the approval counts call: my pending approvals plus
 * unread CC. Until that call answers, the notice call's own figure stands.
 */
export const withApprovalCounts = <C extends { approve: number }>(
  counts: C | undefined,
  approval: { approval: number; carbonCopy: number } | undefined,
): C | undefined => {
  if (!approval) return counts;
  const n = (v: number) => (Number.isFinite(v) && v > 0 ? v : 0);
  const approve = n(approval.approval) + n(approval.carbonCopy);
  return counts ? { ...counts, approve } : ({ announce: 0, notify: 0, approve } as unknown as C);
};

/** The state tag of a process (the drawer's summary). */
export const processStateOption = (value: number): StateOption | null =>
  PROCESS.find((s) => s.value === value) ?? null;
