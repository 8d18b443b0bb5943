import { z } from 'zod';
import type { LocalizedName } from './permissions.def.js';

// The approval process model (issue 14, ADR 0013): a DingTalk-style tree stored as versioned JSON. A node
// leads to `next`; a condition node picks one branch, a parallel node runs all branches, and both join at
// their own `next`. Start (the applicant) and end are implicit. Being a tree, every path ends and every
// branch joins; validateProcessModel finds what a tree cannot rule out.

/** single: the first assignee; any: 或签, the first decision counts; all: 会签; vote: weighted, ≥ passPercent; sequential: one after another. */
export const APPROVAL_MODES = ['single', 'any', 'all', 'vote', 'sequential'] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

export const ASSIGNEE_TYPES = ['user', 'role', 'unitHead', 'chosen'] as const;
export type AssigneeType = (typeof ASSIGNEE_TYPES)[number];

const ids = (max: number) =>
  z
    .array(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER))
    .min(1)
    .max(max)
    .refine((a) => new Set(a).size === a.length, { error: 'an id is listed twice' });

/** Who a step goes to. `chosen`: the applicant picks at submit. Nobody found: the tenant administrator. */
export const assigneeRule = z.discriminatedUnion('type', [
  z.object({ type: z.literal('user'), userIds: ids(50) }),
  z.object({ type: z.literal('role'), roleIds: ids(20) }),
  /** The head of the applicant's unit (levels 1) or of the unit `levels - 1` above it. */
  z.object({ type: z.literal('unitHead'), levels: z.number().int().min(1).max(10) }),
  z.object({ type: z.literal('chosen') }),
]);
export type AssigneeRule = z.infer<typeof assigneeRule>;

export const TIMEOUT_ACTIONS = ['remind', 'approve', 'reject', 'escalate'] as const;
export type TimeoutAction = (typeof TIMEOUT_ACTIONS)[number];

/** What happens to an undecided task: a reminder after remindAfterHours, then `action` after afterHours. */
export const stepTimeout = z.object({
  remindAfterHours: z
    .number()
    .min(0.05)
    .max(24 * 90)
    .optional(),
  afterHours: z
    .number()
    .min(0.05)
    .max(24 * 90),
  action: z.enum(TIMEOUT_ACTIONS),
  /** For escalate: who the step goes to instead. */
  escalateTo: assigneeRule.optional(),
});
export type StepTimeout = z.infer<typeof stepTimeout>;

export const CONDITION_OPS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'notIn'] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];

const scalar = z.union([z.number().finite(), z.string().max(200)]);
export const condition = z.object({
  field: z.string().min(1).max(60),
  op: z.enum(CONDITION_OPS),
  value: z.union([scalar, z.array(scalar).min(1).max(200)]),
});
export type Condition = z.infer<typeof condition>;

const nodeId = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'node id: letters, digits, - and _' });
const nodeName = z
  .string()
  .max(40)
  .transform((s) => s.trim())
  .pipe(z.string().min(1));

export const MODEL_MAX_NODES = 200;

export interface ApprovalNode {
  id: string;
  kind: 'approval';
  name: string;
  mode: ApprovalMode;
  assignees: AssigneeRule[];
  /** Vote weights by user id (default 1 each). */
  weights?: { userId: number; weight: number }[] | undefined;
  /** vote: the share of weight (1–100 %) that approves the step. */
  passPercent?: number | undefined;
  timeout?: StepTimeout | undefined;
  next?: ProcessNode | undefined;
}
export interface CcNode {
  id: string;
  kind: 'cc';
  name: string;
  assignees: AssigneeRule[];
  next?: ProcessNode | undefined;
}
export interface ConditionBranch {
  id: string;
  name: string;
  /** All must hold. The default branch has none and is taken when no other matches. */
  conditions: Condition[];
  isDefault?: boolean | undefined;
  node?: ProcessNode | undefined;
}
export interface ConditionNode {
  id: string;
  kind: 'condition';
  name: string;
  /** Tried in order; the first whose conditions hold is taken. */
  branches: ConditionBranch[];
  next?: ProcessNode | undefined;
}
export interface ParallelBranch {
  id: string;
  name: string;
  node?: ProcessNode | undefined;
}
export interface ParallelNode {
  id: string;
  kind: 'parallel';
  name: string;
  branches: ParallelBranch[];
  next?: ProcessNode | undefined;
}
export type ProcessNode = ApprovalNode | CcNode | ConditionNode | ParallelNode;
export type StepNode = ApprovalNode | CcNode;

export const processNode: z.ZodType<ProcessNode> = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({
      id: nodeId,
      kind: z.literal('approval'),
      name: nodeName,
      mode: z.enum(APPROVAL_MODES),
      assignees: z.array(assigneeRule).max(5),
      weights: z
        .array(
          z.object({
            userId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
            weight: z.number().int().min(1).max(100),
          }),
        )
        .max(50)
        .optional(),
      passPercent: z.number().int().min(1).max(100).optional(),
      timeout: stepTimeout.optional(),
      next: processNode.optional(),
    }),
    z.object({
      id: nodeId,
      kind: z.literal('cc'),
      name: nodeName,
      assignees: z.array(assigneeRule).max(5),
      next: processNode.optional(),
    }),
    z.object({
      id: nodeId,
      kind: z.literal('condition'),
      name: nodeName,
      branches: z
        .array(
          z.object({
            id: nodeId,
            name: nodeName,
            conditions: z.array(condition).max(10),
            isDefault: z.boolean().optional(),
            node: processNode.optional(),
          }),
        )
        .min(2)
        .max(10),
      next: processNode.optional(),
    }),
    z.object({
      id: nodeId,
      kind: z.literal('parallel'),
      name: nodeName,
      branches: z
        .array(z.object({ id: nodeId, name: nodeName, node: processNode.optional() }))
        .min(2)
        .max(10),
      next: processNode.optional(),
    }),
  ]),
);

/** A process model: the first node after the applicant's submit (none: an empty draft). */
export const processModel = z.object({ node: processNode.optional() });
export type ProcessModel = z.infer<typeof processModel>;

/** A field of a document type that conditions may test (registered by the document's module). */
export interface ApprovalFieldDef {
  key: string;
  /** number: amounts and quantities; ref: an id chosen from `ref`'s list; text: free text. */
  type: 'number' | 'ref' | 'text';
  ref?: 'area' | 'unit' | 'warehouse' | 'docType' | undefined;
  name: LocalizedName;
}

/** Every document type has these (filled by the engine at submit). */
export const COMMON_APPROVAL_FIELDS: readonly ApprovalFieldDef[] = [
  {
    key: 'applicantUnitId',
    type: 'ref',
    ref: 'unit',
    name: { 'zh-CN': '申请人部门', 'en-US': "Applicant's unit" },
  },
];

/** Walks a model depth-first in document order, calling fn for each node (branches before `next`). */
export const walkModel = (node: ProcessNode | undefined, fn: (n: ProcessNode) => void): void => {
  for (let n = node; n; n = n.next) {
    fn(n);
    if (n.kind === 'condition' || n.kind === 'parallel') for (const b of n.branches) walkModel(b.node, fn);
  }
};
