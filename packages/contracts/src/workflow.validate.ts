import type { LocalizedName } from './permissions.def.js';
import {
  type ApprovalFieldDef,
  COMMON_APPROVAL_FIELDS,
  type Condition,
  MODEL_MAX_NODES,
  type ProcessModel,
  walkModel,
} from './workflow.model.js';

// Checks a process model before it may be enabled (issue 14 item 5), the same in the designer (errors shown
// on the node) and on the server (enable refused). A tree already ends every path and joins every branch;
// what is left: steps without assignees, ambiguous or unreachable branches, fields the document lacks.

export const MODEL_ISSUE_CODES = [
  'noApproval',
  'tooLarge',
  'duplicateId',
  'noAssignee',
  'votePercent',
  'escalateTarget',
  'defaultBranch',
  'emptyCondition',
  'unknownField',
  'badOperator',
  'badValue',
  'unreachable',
  'emptyBranch',
] as const;
export type ModelIssueCode = (typeof MODEL_ISSUE_CODES)[number];

export interface ModelIssue {
  /** The node (or branch) the designer marks; null for the flow as a whole. */
  nodeId: string | null;
  code: ModelIssueCode;
}

export const MODEL_ISSUE_TEXT: Record<ModelIssueCode, LocalizedName> = {
  noApproval: { 'zh-CN': '流程至少需要一个审批节点', 'en-US': 'The flow needs at least one approval step' },
  tooLarge: {
    'zh-CN': `流程节点不能超过 ${MODEL_MAX_NODES} 个`,
    'en-US': `A flow may have at most ${MODEL_MAX_NODES} steps`,
  },
  duplicateId: { 'zh-CN': '节点标识重复', 'en-US': 'Two steps share an id' },
  noAssignee: { 'zh-CN': '请设置审批人', 'en-US': 'Choose who this step goes to' },
  votePercent: { 'zh-CN': '票签需要设置通过比例', 'en-US': 'A weighted vote needs a pass percentage' },
  escalateTarget: { 'zh-CN': '超时转交需要设置接收人', 'en-US': 'Escalation needs someone to escalate to' },
  defaultBranch: {
    'zh-CN': '条件分支需要且只能有一个默认分支',
    'en-US': 'A condition needs exactly one default branch',
  },
  emptyCondition: { 'zh-CN': '请设置分支条件', 'en-US': 'Set this branch’s conditions' },
  unknownField: { 'zh-CN': '单据没有该字段', 'en-US': 'The document type has no such field' },
  badOperator: { 'zh-CN': '该字段不支持此比较', 'en-US': 'This comparison does not suit the field' },
  badValue: { 'zh-CN': '条件值无效', 'en-US': 'The condition value is not valid' },
  unreachable: {
    'zh-CN': '该分支永远不会被走到',
    'en-US': 'This branch can never be taken',
  },
  emptyBranch: { 'zh-CN': '并行分支中没有节点', 'en-US': 'This parallel branch has no step' },
};

const ORDER_OPS = new Set(['gt', 'gte', 'lt', 'lte']);
const LIST_OPS = new Set(['in', 'notIn']);

const conditionIssue = (
  c: Condition,
  fields: ReadonlyMap<string, ApprovalFieldDef>,
): ModelIssueCode | null => {
  const f = fields.get(c.field);
  if (!f) return 'unknownField';
  if (ORDER_OPS.has(c.op) && f.type !== 'number') return 'badOperator';
  const list = Array.isArray(c.value);
  if (LIST_OPS.has(c.op) !== list) return 'badValue';
  const values = Array.isArray(c.value) ? c.value : [c.value];
  const wanted = f.type === 'text' ? 'string' : 'number';
  if (values.some((v) => typeof v !== wanted)) return 'badValue';
  return null;
};

/** True when the number conditions on one field leave no value (e.g. amount > 100 and amount < 50). */
const emptyRange = (conditions: readonly Condition[]): boolean => {
  const byField = new Map<string, { lo: number; loOpen: boolean; hi: number; hiOpen: boolean }>();
  for (const c of conditions) {
    if (typeof c.value !== 'number' || !(ORDER_OPS.has(c.op) || c.op === 'eq')) continue;
    const r = byField.get(c.field) ?? { lo: -Infinity, loOpen: true, hi: Infinity, hiOpen: true };
    const v = c.value;
    if ((c.op === 'gt' || c.op === 'gte' || c.op === 'eq') && (v > r.lo || (v === r.lo && c.op === 'gt'))) {
      r.lo = v;
      r.loOpen = c.op === 'gt';
    }
    if ((c.op === 'lt' || c.op === 'lte' || c.op === 'eq') && (v < r.hi || (v === r.hi && c.op === 'lt'))) {
      r.hi = v;
      r.hiOpen = c.op === 'lt';
    }
    byField.set(c.field, r);
  }
  for (const r of byField.values()) {
    if (r.lo > r.hi || (r.lo === r.hi && (r.loOpen || r.hiOpen))) return true;
  }
  return false;
};

const key = (c: Condition): string => JSON.stringify([c.field, c.op, c.value]);

/** Every problem of a model for a document type's fields; empty when it may be enabled. */
export const validateProcessModel = (
  model: ProcessModel,
  docFields: readonly ApprovalFieldDef[],
): ModelIssue[] => {
  const issues: ModelIssue[] = [];
  const fields = new Map([...COMMON_APPROVAL_FIELDS, ...docFields].map((f) => [f.key, f]));
  const seen = new Set<string>();
  let count = 0;
  let approvals = 0;
  const idOnce = (id: string) => {
    if (seen.has(id)) issues.push({ nodeId: id, code: 'duplicateId' });
    seen.add(id);
  };
  walkModel(model.node, (n) => {
    count += 1;
    idOnce(n.id);
    if (n.kind === 'approval' || n.kind === 'cc') {
      if (n.kind === 'approval') approvals += 1;
      if (n.assignees.length === 0) issues.push({ nodeId: n.id, code: 'noAssignee' });
    }
    if (n.kind === 'approval') {
      if (n.mode === 'vote' && n.passPercent === undefined)
        issues.push({ nodeId: n.id, code: 'votePercent' });
      if (n.timeout?.action === 'escalate' && !n.timeout.escalateTo) {
        issues.push({ nodeId: n.id, code: 'escalateTarget' });
      }
    }
    if (n.kind === 'parallel') {
      for (const b of n.branches) {
        idOnce(b.id);
        if (!b.node) issues.push({ nodeId: b.id, code: 'emptyBranch' });
      }
    }
    if (n.kind === 'condition') {
      const defaults = n.branches.filter((b) => b.isDefault);
      if (defaults.length !== 1) issues.push({ nodeId: n.id, code: 'defaultBranch' });
      const earlier: Set<string>[] = [];
      for (const b of n.branches) {
        idOnce(b.id);
        if (b.isDefault) continue;
        if (b.conditions.length === 0) {
          issues.push({ nodeId: b.id, code: 'emptyCondition' });
          continue;
        }
        const bad = b.conditions.map((c) => conditionIssue(c, fields)).find((x) => x !== null);
        if (bad) {
          issues.push({ nodeId: b.id, code: bad });
          continue;
        }
        const mine = new Set(b.conditions.map(key));
        // An earlier branch whose conditions are all among these always matches first.
        const shadowed = earlier.some((e) => [...e].every((k) => mine.has(k)));
        if (shadowed || emptyRange(b.conditions)) issues.push({ nodeId: b.id, code: 'unreachable' });
        earlier.push(mine);
      }
    }
  });
  if (count > MODEL_MAX_NODES) issues.push({ nodeId: null, code: 'tooLarge' });
  if (approvals === 0) issues.push({ nodeId: null, code: 'noApproval' });
  return issues;
};
