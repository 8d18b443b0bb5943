import { z } from 'zod';
import {
  bodyId,
  objectVersionNumber,
  optionalText,
  pageOf,
  pageQuery,
  queryId,
  requiredText,
  updateBodyOf,
} from './common.types.js';
import { APPROVAL_COMMENT_MAX, APPROVAL_TASK_TYPES } from './workflow.constants.js';
import { APPROVAL_DOC_TYPES } from './workflow.docs.js';
import { APPROVAL_MODES, processModel } from './workflow.model.js';
import { MODEL_ISSUE_CODES } from './workflow.validate.js';

// Approval calls (issue 14). The spec's four under /wfpf/v1/{t}/approval-task|approval-process (spec 01 §7);
// the rest (designer, settings, timeline, actions beyond approve/reject) are listed in docs/api.md "Approvals".

export * from './workflow.constants.js';

// ——— the spec's lists ———

export const approvalTaskQuery = pageQuery.extend({
  taskType: z.enum(APPROVAL_TASK_TYPES).default('approval'),
  taskState: z.coerce.number().int().min(0).max(5).optional(),
});
export type ApprovalTaskQuery = z.infer<typeof approvalTaskQuery>;

export const approvalProcessQuery = pageQuery.extend({
  processState: z.coerce.number().int().min(1).max(4).optional(),
});
export type ApprovalProcessQuery = z.infer<typeof approvalProcessQuery>;

/** One row of the approval tab (spec 01 §3 'Approval task') plus what the console needs to act. */
export const approvalTaskItem = z.object({
  /** The task (my approvals, copied to me) or the process (submitted by me). */
  id: z.number().int(),
  processId: z.number().int(),
  /** My task in it (null in 'submitted by me'). */
  currentTaskId: z.number().int().nullable(),
  formName: z.string(),
  formCode: z.string(),
  submitName: z.string(),
  startTime: z.string(),
  /** The step(s) waiting now, joined with '、' (empty when the process has ended). */
  currentTaskName: z.string(),
  taskState: z.number().int().nullable(),
  processState: z.number().int(),
  docType: z.enum(APPROVAL_DOC_TYPES),
  thirdId: z.number().int(),
  /** The task's version for an action (null in 'submitted by me'). */
  objectVersionNumber: z.number().int().nullable(),
  /** When the task times out (null: no time-out). */
  dueTime: z.string().nullable(),
});
export type ApprovalTaskItem = z.infer<typeof approvalTaskItem>;
export const approvalTaskPage = pageOf(approvalTaskItem);

// ——— actions ———

const comment = optionalText(APPROVAL_COMMENT_MAX).optional();
const taskVersion = objectVersionNumber.optional();

export const approveBody = z.object({ taskId: bodyId.optional(), comment, objectVersionNumber: taskVersion });
export type ApproveBody = z.infer<typeof approveBody>;

/** Back to the applicant (the process ends rejected), the previous step, or a named earlier step. */
export const rejectBody = approveBody.extend({
  target: z
    .union([z.literal('applicant'), z.literal('previous'), z.string().regex(/^node:[A-Za-z0-9_-]{1,40}$/)])
    .default('applicant'),
});
export type RejectBody = z.infer<typeof rejectBody>;

export const transferBody = approveBody.extend({ userId: bodyId });
export type TransferBody = z.infer<typeof transferBody>;

export const addSignerBody = approveBody.extend({
  userIds: z.array(bodyId).min(1).max(10),
  position: z.enum(['before', 'after']),
});
export type AddSignerBody = z.infer<typeof addSignerBody>;

export const processActionBody = z.object({ comment, objectVersionNumber: taskVersion });
export type ProcessActionBody = z.infer<typeof processActionBody>;

export const actionResult = z.object({
  success: z.boolean(),
  processId: z.number().int(),
  processState: z.number().int(),
});
export type ActionResult = z.infer<typeof actionResult>;

export const businessDataQuery = z.object({ processId: queryId });
export const businessData = z.object({
  thirdId: z.number().int(),
  docType: z.enum(APPROVAL_DOC_TYPES),
  /** The console page of the document, `{id}` filled. */
  infoPath: z.string(),
});
export type BusinessData = z.infer<typeof businessData>;

export const businessType = z.object({
  docType: z.enum(APPROVAL_DOC_TYPES),
  name: z.string(),
  infoPath: z.string(),
  fields: z.array(
    z.object({
      key: z.string(),
      type: z.enum(['number', 'ref', 'text']),
      ref: z.string().nullable(),
      name: z.string(),
    }),
  ),
  /** Whether the document's module handles approval yet (inventory types wait for issue 15). */
  registered: z.boolean(),
});
export type BusinessType = z.infer<typeof businessType>;

/** Open work for the bell: tasks to decide and CC not read. */
export const approvalCounts = z.object({ approval: z.number().int(), carbonCopy: z.number().int() });
export type ApprovalCounts = z.infer<typeof approvalCounts>;

// ——— one process: steps and timeline ———

export const EVENT_ACTIONS = [
  'submit',
  'approve',
  'reject',
  'sendBack',
  'transfer',
  'delegate',
  'addSigner',
  'withdraw',
  'remind',
  'timeoutRemind',
  'timeoutApprove',
  'timeoutReject',
  'escalate',
  'fallback',
  'cc',
  'finish',
] as const;
export type EventAction = (typeof EVENT_ACTIONS)[number];

export const processEvent = z.object({
  at: z.string(),
  action: z.enum(EVENT_ACTIONS),
  actorName: z.string().nullable(),
  nodeId: z.string().nullable(),
  nodeName: z.string().nullable(),
  comment: z.string().nullable(),
  /** Users concerned (transfer/add-signer/escalate target, CC, fallback, delegate). */
  targetNames: z.array(z.string()),
  /** From the task's start to this decision (approve / reject / timeout). */
  tookMs: z.number().int().nullable(),
});
export type ProcessEvent = z.infer<typeof processEvent>;

export const processTask = z.object({
  taskId: z.number().int(),
  nodeId: z.string(),
  assigneeId: z.number().int(),
  assigneeName: z.string(),
  taskType: z.enum(APPROVAL_TASK_TYPES),
  taskState: z.number().int(),
  comment: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  dueTime: z.string().nullable(),
  delegatedFromName: z.string().nullable(),
  objectVersionNumber: z.number().int(),
});

export const processStep = z.object({
  nodeId: z.string(),
  name: z.string(),
  kind: z.enum(['approval', 'cc']),
  mode: z.enum(APPROVAL_MODES).nullable(),
  /** done: passed in this round; active: waiting now; later: not reached yet. */
  status: z.enum(['done', 'active', 'later']),
  /** Parallel lane path, e.g. ['par1:b2']; empty on the main line. */
  lane: z.array(z.string()),
});

export const processDetail = z.object({
  processId: z.number().int(),
  processState: z.number().int(),
  formName: z.string(),
  formCode: z.string(),
  docType: z.enum(APPROVAL_DOC_TYPES),
  thirdId: z.number().int(),
  submitName: z.string(),
  applicantId: z.number().int(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  definitionId: z.number().int(),
  definitionVersion: z.number().int(),
  steps: z.array(processStep),
  tasks: z.array(processTask),
  events: z.array(processEvent),
  /** The caller's open task, if any, and where a reject from it may go. */
  myTaskId: z.number().int().nullable(),
  rejectTargets: z.array(z.object({ target: z.string(), name: z.string() })),
  canWithdraw: z.boolean(),
  canRemind: z.boolean(),
  objectVersionNumber: z.number().int(),
});
export type ProcessDetail = z.infer<typeof processDetail>;

// ——— delegation while away ———

export const delegation = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  delegateId: z.number().int(),
  delegateName: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  remark: z.string().nullable(),
  objectVersionNumber: z.number().int(),
});
export type Delegation = z.infer<typeof delegation>;
export const delegationPage = pageOf(delegation);
export const delegationCreateBody = z
  .object({
    delegateId: bodyId,
    startTime: z.iso.datetime({ offset: true }),
    endTime: z.iso.datetime({ offset: true }),
    remark: optionalText(200).optional(),
  })
  .refine((b) => Date.parse(b.startTime) < Date.parse(b.endTime), {
    error: 'endTime must be after startTime',
    path: ['endTime'],
  });
export type DelegationCreateBody = z.infer<typeof delegationCreateBody>;

// ——— definitions (designer) ———

export const definitionQuery = pageQuery.extend({
  name: z.string().max(60).optional(),
  docType: z.enum(APPROVAL_DOC_TYPES).optional(),
  enabledFlag: z.coerce.number().int().min(0).max(1).optional(),
});
export type DefinitionQuery = z.infer<typeof definitionQuery>;

export const definitionItem = z.object({
  id: z.number().int(),
  name: z.string(),
  docType: z.enum(APPROVAL_DOC_TYPES),
  description: z.string().nullable(),
  enabledFlag: z.number().int(),
  version: z.number().int(),
  /** Processes in approval over all versions. */
  running: z.number().int(),
  objectVersionNumber: z.number().int(),
  lastUpdateDate: z.string(),
});
export type DefinitionItem = z.infer<typeof definitionItem>;
export const definitionPage = pageOf(definitionItem);

export const definitionDetail = definitionItem.extend({
  model: processModel,
  versions: z.array(
    z.object({
      version: z.number().int(),
      createdAt: z.string(),
      createdByName: z.string().nullable(),
      running: z.number().int(),
      finished: z.number().int(),
    }),
  ),
});
export type DefinitionDetail = z.infer<typeof definitionDetail>;

export const definitionCreateBody = z.object({
  name: requiredText(40),
  docType: z.enum(APPROVAL_DOC_TYPES),
  description: optionalText(200).optional(),
  model: processModel,
});
export type DefinitionCreateBody = z.infer<typeof definitionCreateBody>;

const definitionUpdateFields = z.strictObject({
  id: bodyId,
  name: requiredText(40),
  description: optionalText(200).optional(),
  model: processModel,
  objectVersionNumber,
});
/** Accepts the detail as GET answers it (docType, versions, counts are read-only and dropped). */
export const definitionUpdateBody = updateBodyOf(definitionUpdateFields, definitionDetail);
export type DefinitionUpdateBody = z.infer<typeof definitionUpdateBody>;

/** GET …/approval-definitions/{id}/processes: the flow's processes, of one version or all, by state. */
export const definitionProcessQuery = pageQuery.extend({
  version: z.coerce.number().int().min(1).max(100_000).optional(),
  processState: z.coerce.number().int().min(1).max(4).optional(),
});
export type DefinitionProcessQuery = z.infer<typeof definitionProcessQuery>;

export const definitionVersionParam = z.object({ version: z.coerce.number().int().min(1).max(100_000) });
export const definitionVersion = z.object({ version: z.number().int(), model: processModel });

export const versionBody = z.object({ objectVersionNumber });

export const validateBody = z.object({ docType: z.enum(APPROVAL_DOC_TYPES), model: processModel });
export const modelIssues = z.object({
  issues: z.array(
    z.object({ nodeId: z.string().nullable(), code: z.enum(MODEL_ISSUE_CODES), message: z.string() }),
  ),
});
export type ModelIssues = z.infer<typeof modelIssues>;

// ——— settings (config/audit) ———

export const bindingItem = z.object({
  docType: z.enum(APPROVAL_DOC_TYPES),
  docTypeName: z.string(),
  registered: z.boolean(),
  definitionId: z.number().int().nullable(),
  definitionName: z.string().nullable(),
  lastUpdateDate: z.string().nullable(),
  /** The binding's version (null: none stored); send it back with a change to detect a concurrent one. */
  objectVersionNumber: z.number().int().nullable(),
});
export type BindingItem = z.infer<typeof bindingItem>;

export const bindingBody = z.object({
  docType: z.enum(APPROVAL_DOC_TYPES),
  definitionId: bodyId.nullable(),
  /** The version the caller saw (absent: last write wins); stale → 409. */
  objectVersionNumber: objectVersionNumber.nullable().optional(),
});
export type BindingBody = z.infer<typeof bindingBody>;

/** At submit: who the applicant chose for steps with a 'chosen' rule, by node id. */
export const chosenAssignees = z.record(z.string().max(40), z.array(bodyId).min(1).max(10));
export type ChosenAssignees = z.infer<typeof chosenAssignees>;

/** PUT …/submit/{id} of a document: the body is optional; `chosen` for steps with a 'chosen' rule. */
export const approvalSubmitBody = z.strictObject({ chosen: chosenAssignees.optional() });
export type ApprovalSubmitBody = z.infer<typeof approvalSubmitBody>;

// ——— route preview: where a document would go if submitted now ———

/** A condition value as a form knows it: a number, an id, a text (applicantUnitId is filled by the server). */
const previewValue = z.union([z.number(), z.string().max(200), z.array(z.number()).max(50), z.null()]);
export const approvalPreviewBody = z.strictObject({
  docType: z.enum(APPROVAL_DOC_TYPES),
  fields: z.record(z.string().max(40), previewValue),
});
export type ApprovalPreviewBody = z.infer<typeof approvalPreviewBody>;
export const approvalPreviewStep = z.object({
  nodeId: z.string(),
  name: z.string(),
  kind: z.enum(['approval', 'cc']),
  /** null for a CC step. */
  mode: z.enum(APPROVAL_MODES).nullable(),
  /** The applicant chooses this step's approvers (its rules include 'chosen'). */
  choose: z.boolean(),
});
export type ApprovalPreviewStep = z.infer<typeof approvalPreviewStep>;
export const approvalPreview = z.object({
  bound: z.boolean(),
  definitionName: z.string().nullable(),
  steps: z.array(approvalPreviewStep),
});
export type ApprovalPreview = z.infer<typeof approvalPreview>;

// ——— people an approver may pick (transfer, add signer, delegate) ———

/** Active members of the tenant by name or login, for any approver (no user-administration right needed). */
export const approvalUserQuery = pageQuery.extend({ name: z.string().max(60).optional() });
export const approvalUser = z.object({ id: z.number().int(), realName: z.string(), loginName: z.string() });
export type ApprovalUser = z.infer<typeof approvalUser>;
export const approvalUserPage = pageOf(approvalUser);
