// The approval tab of the notice centre (spec 01 §2.12, §4; spec 03 'Approvals'). The approval API does
// not exist on the server yet, so the tab shows its filters and an empty table; these are its rules.

/** The radio choices: submitted by me, my approvals, copied to me. */
export const APPROVAL_VIEWS = ['user_edit', 'approval', 'carbon_copy'] as const;
export type ApprovalView = (typeof APPROVAL_VIEWS)[number];

/** Approval task row (spec 01 §3). */
export interface ApprovalTask {
  id: number;
  processId: number;
  currentTaskId: number | null;
  formName: string;
  formCode: string;
  submitName: string;
  startTime: string;
  currentTaskName: string | null;
  taskState: number | null;
  processState: number | null;
}

/**
 * The status filter: my approvals filter on the task state (1 not reviewed, 2 reviewed, 3 rejected), the
 * other views on the process state (1 in approval, 2 finished, 3 rejected). Each value comes with the
 * last segment of its locale key (notice.approval.state.<key>).
 */
export const approvalStatuses = (view: ApprovalView): readonly { value: 1 | 2 | 3; key: string }[] =>
  view === 'approval'
    ? [
        { value: 1, key: 'notReviewed' },
        { value: 2, key: 'reviewed' },
        { value: 3, key: 'rejected' },
      ]
    : [
        { value: 1, key: 'inApproval' },
        { value: 2, key: 'finished' },
        { value: 3, key: 'rejected' },
      ];

/** The state a row shows in a view: the task's in my approvals, the process's otherwise. */
export const approvalStateOf = (view: ApprovalView, task: ApprovalTask): number | null =>
  view === 'approval' ? task.taskState : task.processState;

/** Spec 01 §4: approve and reject only in my approvals, for tasks not yet reviewed (taskState below 2). */
export const canReview = (view: ApprovalView, task: Pick<ApprovalTask, 'taskState'>): boolean =>
  view === 'approval' && task.taskState !== null && task.taskState < 2;

/** Where viewing a task's business object goes (spec 01 §2.12), replacing the current history entry. */
export const approvalBusinessPath = (thirdId: string | number): string =>
  `/inventory/prment/inventory_form/info/${encodeURIComponent(String(thirdId))}`;
