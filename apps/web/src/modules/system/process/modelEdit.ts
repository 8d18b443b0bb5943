import type {
  AssigneeRule,
  ConditionBranch,
  ParallelBranch,
  ProcessModel,
  ProcessNode,
} from '@tilth/contracts/workflow.model';

// Pure edits of a process model for the designer (issue 14 item 5). Each answers a new model; the input is
// never changed. A step is inserted at a slot — an edge of the diagram — and every removal keeps the
// steps around it joined.

/** Where a "+" on an edge inserts: first in the flow, after a node (after a block's join), first in a branch. */
export type Slot = { at: 'root' } | { at: 'after'; nodeId: string } | { at: 'branch'; branchId: string };

export type NewKind = ProcessNode['kind'];

export type IdGen = (prefix: string) => string;

export const randomId: IdGen = (prefix) => `${prefix}_${Math.random().toString(36).slice(2, 8)}`;

/** Default names of new steps, in the designer's language. */
export interface NewNames {
  approval: string;
  cc: string;
  condition: string;
  parallel: string;
  branch: (n: number) => string;
  defaultBranch: string;
}

export const newNode = (kind: NewKind, names: NewNames, id: IdGen = randomId): ProcessNode => {
  if (kind === 'approval') return { id: id('a'), kind, name: names.approval, mode: 'any', assignees: [] };
  if (kind === 'cc') return { id: id('cc'), kind, name: names.cc, assignees: [] };
  if (kind === 'condition')
    return {
      id: id('c'),
      kind,
      name: names.condition,
      branches: [
        { id: id('b'), name: names.branch(1), conditions: [] },
        { id: id('b'), name: names.defaultBranch, conditions: [], isDefault: true },
      ],
    };
  return {
    id: id('p'),
    kind,
    name: names.parallel,
    branches: [
      { id: id('b'), name: names.branch(1) },
      { id: id('b'), name: names.branch(2) },
    ],
  };
};

type AnyBranch = ConditionBranch | ParallelBranch;

/** Every node of a model, branches' nodes included. */
const visit = (
  node: ProcessNode | undefined,
  fn: (n: ProcessNode) => void,
  onBranch?: (b: AnyBranch, owner: ProcessNode) => void,
): void => {
  for (let n = node; n; n = n.next) {
    fn(n);
    if (n.kind === 'condition' || n.kind === 'parallel')
      for (const b of n.branches) {
        onBranch?.(b, n);
        visit(b.node, fn, onBranch);
      }
  }
};

export const findNode = (model: ProcessModel, id: string): ProcessNode | undefined => {
  let found: ProcessNode | undefined;
  visit(model.node, (n) => {
    if (n.id === id) found = n;
  });
  return found;
};

export const findBranch = (
  model: ProcessModel,
  id: string,
): { branch: AnyBranch; owner: ProcessNode } | undefined => {
  let found: { branch: AnyBranch; owner: ProcessNode } | undefined;
  visit(
    model.node,
    () => undefined,
    (b, owner) => {
      if (b.id === id) found = { branch: b, owner };
    },
  );
  return found;
};

const clone = (m: ProcessModel): ProcessModel => structuredClone(m);

/** Appends `tail` at the end of the chain starting at `head`. */
const append = (head: ProcessNode | undefined, tail: ProcessNode | undefined): ProcessNode | undefined => {
  if (!head) return tail;
  let last = head;
  while (last.next) last = last.next;
  last.next = tail;
  return head;
};

/** Inserts `node` (or a chain) at `slot`; what followed the slot follows the node (after a block: after its join). */
export const insertAt = (model: ProcessModel, slot: Slot, node: ProcessNode): ProcessModel => {
  const m = clone(model);
  const n = structuredClone(node);
  if (slot.at === 'root') {
    m.node = append(n, m.node);
  } else if (slot.at === 'after') {
    const prev = findNode(m, slot.nodeId);
    if (!prev) return model;
    prev.next = append(n, prev.next);
  } else {
    const b = findBranch(m, slot.branchId)?.branch;
    if (!b) return model;
    b.node = append(n, b.node);
  }
  return m;
};

/** Replaces the node `id` (a block with all its branches) by what followed it. */
export const removeNode = (model: ProcessModel, id: string): ProcessModel => {
  const m = clone(model);
  const n = findNode(m, id);
  return n ? replaceNode(m, id, n.next) : model;
};

/** Adds a branch: a condition's goes before its default branch (the default stays last). */
export const addBranch = (model: ProcessModel, nodeId: string, name: string, id: IdGen = randomId) => {
  const m = clone(model);
  const n = findNode(m, nodeId);
  if (n?.kind === 'condition') {
    const at = n.branches.findIndex((b) => b.isDefault);
    n.branches.splice(at < 0 ? n.branches.length : at, 0, { id: id('b'), name, conditions: [] });
  } else if (n?.kind === 'parallel') n.branches.push({ id: id('b'), name });
  return m;
};

/**
 * Removes a branch. With two left the block dissolves: the other branch's steps take its place, followed
 * by what followed the block. A condition left without a default makes its last branch the default.
 */
export const removeBranch = (model: ProcessModel, branchId: string): ProcessModel => {
  const m = clone(model);
  const found = findBranch(m, branchId);
  if (!found) return model;
  const owner = found.owner;
  if (owner.kind !== 'condition' && owner.kind !== 'parallel') return model;
  if (owner.branches.length <= 2) {
    const other = owner.branches.find((b) => b.id !== branchId);
    const replacement = append(other?.node, owner.next);
    return replaceNode(m, owner.id, replacement);
  }
  if (owner.kind === 'condition') {
    owner.branches = owner.branches.filter((b) => b.id !== branchId);
    if (!owner.branches.some((b) => b.isDefault)) {
      const last = owner.branches[owner.branches.length - 1];
      if (last) {
        last.isDefault = true;
        last.conditions = [];
      }
    }
  } else owner.branches = owner.branches.filter((b) => b.id !== branchId);
  return m;
};

/** Puts `replacement` (a chain, or nothing) where node `id` was; mutates m. */
const replaceNode = (m: ProcessModel, id: string, replacement: ProcessNode | undefined): ProcessModel => {
  if (m.node?.id === id) {
    m.node = replacement;
    return m;
  }
  let done = false;
  visit(
    m.node,
    (n) => {
      if (!done && n.next?.id === id) {
        n.next = replacement;
        done = true;
      }
    },
    (b) => {
      if (!done && b.node?.id === id) {
        b.node = replacement;
        done = true;
      }
    },
  );
  return m;
};

/** Moves a condition branch one place up (-1) or down (+1) in priority; the default branch stays last. */
export const moveBranch = (model: ProcessModel, branchId: string, delta: -1 | 1): ProcessModel => {
  const m = clone(model);
  const found = findBranch(m, branchId);
  if (!found || (found.owner.kind !== 'condition' && found.owner.kind !== 'parallel')) return model;
  const list = found.owner.branches as AnyBranch[];
  const i = list.findIndex((b) => b.id === branchId);
  const j = i + delta;
  const a = list[i];
  const b = list[j];
  if (!a || !b || (a as ConditionBranch).isDefault || (b as ConditionBranch).isDefault) return model;
  list[i] = b;
  list[j] = a;
  return m;
};

/** Changes a node's own settings (not its links). */
export const updateNode = (model: ProcessModel, id: string, patch: Partial<ProcessNode>): ProcessModel => {
  const m = clone(model);
  const n = findNode(m, id);
  if (!n) return model;
  const { next: _n, id: _i, kind: _k, ...rest } = patch as Partial<ProcessNode> & { branches?: unknown };
  const { branches: _b, ...own } = rest as Record<string, unknown>;
  Object.assign(n, own);
  for (const [k, v] of Object.entries(own))
    if (v === undefined) delete (n as unknown as Record<string, unknown>)[k];
  return m;
};

/** Changes a branch's name or conditions (not its steps). */
export const updateBranch = (
  model: ProcessModel,
  id: string,
  patch: { name?: string; conditions?: ConditionBranch['conditions'] },
): ProcessModel => {
  const m = clone(model);
  const b = findBranch(m, id)?.branch;
  if (!b) return model;
  if (patch.name !== undefined) b.name = patch.name;
  if (patch.conditions !== undefined && 'conditions' in b) b.conditions = patch.conditions;
  return m;
};

/** Rules as stored: user and role rules still without ids (being picked) are left out. */
export const completeRules = (rules: readonly AssigneeRule[]): AssigneeRule[] =>
  rules.filter(
    (r) => !((r.type === 'user' && r.userIds.length === 0) || (r.type === 'role' && r.roleIds.length === 0)),
  );

/** The model as saved and checked: half-picked assignee rules and empty escalations left out. */
export const cleanModel = (model: ProcessModel): ProcessModel => {
  const m = clone(model);
  visit(m.node, (n) => {
    if (n.kind === 'approval' || n.kind === 'cc') n.assignees = completeRules(n.assignees);
    if (n.kind === 'approval' && n.timeout?.escalateTo) {
      const [rule] = completeRules([n.timeout.escalateTo]);
      if (rule) n.timeout.escalateTo = rule;
      else delete n.timeout.escalateTo;
    }
  });
  return m;
};
