// The approval states and limits without the schemas (no zod): what the console's shell imports, so the
// farm home does not load zod for a constant. workflow.types.ts re-exports all of it.

/** Spec 01 §4: process 1 in approval, 2 finished, 3 rejected; 4 withdrawn by the applicant (ours). */
export const PROCESS_STATES = { inApproval: 1, finished: 2, rejected: 3, withdrawn: 4 } as const;
/**
 * Spec 01 §4: task 1 not reviewed, 2 reviewed, 3 rejected. Ours: 0 waiting (an added signer decides first),
 * 4 closed (another decided, withdrawn, or sent back), 5 transferred. A CC task is 1 unread, 2 read.
 */
export const TASK_STATES = {
  waiting: 0,
  pending: 1,
  approved: 2,
  rejected: 3,
  closed: 4,
  transferred: 5,
} as const;

export const APPROVAL_COMMENT_MAX = 200;
export const APPROVAL_TASK_TYPES = ['approval', 'carbon_copy'] as const;
export type ApprovalTaskType = (typeof APPROVAL_TASK_TYPES)[number];
