import type {
  ApprovalMode,
  AssigneeRule,
  Condition,
  ProcessModel,
  ProcessNode,
  StepTimeout,
} from '@tilth/contracts';

// The pure core of the engine (no database): a model and the document's fields resolve into a plan at
// submit; which steps wait now, where a send-back may go and what it resets, and whether a step has passed
// all follow from the plan, the completed step ids and the step's tasks.

export interface PlanStep {
  kind: 'step';
  nodeId: string;
  name: string;
  nodeKind: 'approval' | 'cc';
  mode: ApprovalMode | null;
  assignees: AssigneeRule[];
  weights?: { userId: number; weight: number }[] | undefined;
  passPercent?: number | undefined;
  timeout?: StepTimeout | undefined;
}
export interface PlanParallel {
  kind: 'parallel';
  nodeId: string;
  name: string;
  lanes: { id: string; items: PlanItem[] }[];
}
export type PlanItem = PlanStep | PlanParallel;
export interface Plan {
  items: PlanItem[];
}

/** A document's condition values. A ref may be a list: the ids it belongs to (a unit and those above it). */
export type DocFields = Readonly<
  Record<string, number | string | readonly (number | string)[] | null | undefined>
>;

const asList = (v: DocFields[string]): (number | string)[] =>
  v === null || v === undefined ? [] : Array.isArray(v) ? [...v] : [v as number | string];

/** Whether one condition holds; a missing field never matches (but satisfies ne / notIn). */
export const conditionHolds = (c: Condition, fields: DocFields): boolean => {
  const have = asList(fields[c.field]);
  const want = Array.isArray(c.value) ? c.value : [c.value];
  const meets = have.some((h) =>
    want.some((w) => h === w || (typeof h !== typeof w && String(h) === String(w))),
  );
  switch (c.op) {
    case 'eq':
    case 'in':
      return meets;
    case 'ne':
    case 'notIn':
      return !meets;
    default: {
      const v = Number(have[0]);
      const w = Number(want[0]);
      if (have.length === 0 || Number.isNaN(v) || Number.isNaN(w)) return false;
      if (c.op === 'gt') return v > w;
      if (c.op === 'gte') return v >= w;
      if (c.op === 'lt') return v < w;
      return v <= w;
    }
  }
};

const resolveChain = (node: ProcessNode | undefined, fields: DocFields): PlanItem[] => {
  const out: PlanItem[] = [];
  for (let n = node; n; n = n.next) {
    if (n.kind === 'approval') {
      out.push({
        kind: 'step',
        nodeId: n.id,
        name: n.name,
        nodeKind: 'approval',
        mode: n.mode,
        assignees: n.assignees,
        weights: n.weights,
        passPercent: n.passPercent,
        timeout: n.timeout,
      });
    } else if (n.kind === 'cc') {
      out.push({
        kind: 'step',
        nodeId: n.id,
        name: n.name,
        nodeKind: 'cc',
        mode: null,
        assignees: n.assignees,
      });
    } else if (n.kind === 'condition') {
      const taken =
        n.branches.find(
          (b) =>
            !b.isDefault && b.conditions.length > 0 && b.conditions.every((c) => conditionHolds(c, fields)),
        ) ?? n.branches.find((b) => b.isDefault);
      if (taken) out.push(...resolveChain(taken.node, fields));
    } else {
      const lanes = n.branches
        .map((b) => ({ id: b.id, items: resolveChain(b.node, fields) }))
        .filter((l) => l.items.length > 0);
      if (lanes.length === 1) out.push(...(lanes[0]?.items ?? []));
      else if (lanes.length > 1) out.push({ kind: 'parallel', nodeId: n.id, name: n.name, lanes });
    }
  }
  return out;
};

/** The steps this document will go through: conditions decided now, parallel lanes kept. */
export const resolvePlan = (model: ProcessModel, fields: DocFields): Plan => ({
  items: resolveChain(model.node, fields),
});

const activeIn = (items: readonly PlanItem[], done: ReadonlySet<string>): PlanStep[] => {
  for (const item of items) {
    if (item.kind === 'step') {
      if (!done.has(item.nodeId)) return [item];
      continue;
    }
    const act = item.lanes.flatMap((l) => activeIn(l.items, done));
    if (act.length > 0) return act;
  }
  return [];
};

/** The steps waiting now: the first not completed on the main line, or in every lane of a parallel. Empty: finished. */
export const activeSteps = (plan: Plan, completed: ReadonlySet<string>): PlanStep[] =>
  activeIn(plan.items, completed);

const stepsOf = (items: readonly PlanItem[]): PlanStep[] =>
  items.flatMap((i) => (i.kind === 'step' ? [i] : i.lanes.flatMap((l) => stepsOf(l.items))));

/** Every step of the plan in document order. */
export const planSteps = (plan: Plan): PlanStep[] => stepsOf(plan.items);

/** The lane path of each step (parallel node id : lane id, outermost first). */
export const laneOf = (plan: Plan): Map<string, string[]> => {
  const out = new Map<string, string[]>();
  const visit = (items: readonly PlanItem[], path: string[]) => {
    for (const i of items) {
      if (i.kind === 'step') out.set(i.nodeId, path);
      else for (const l of i.lanes) visit(l.items, [...path, `${i.nodeId}:${l.id}`]);
    }
  };
  visit(plan.items, []);
  return out;
};

const before = (items: readonly PlanItem[], target: string, acc: PlanStep[]): PlanStep[] | null => {
  for (const item of items) {
    if (item.kind === 'step') {
      if (item.nodeId === target) return acc;
      if (item.nodeKind === 'approval') acc.push(item);
      continue;
    }
    for (const lane of item.lanes) {
      const found = before(lane.items, target, [...acc]);
      if (found) return found;
    }
    // The whole parallel lies before the target.
    for (const s of stepsOf([item])) if (s.nodeKind === 'approval') acc.push(s);
  }
  return null;
};

/**
 * The approval steps a reject from `nodeId` may send the process back to, nearest last: those before it
 * on its own path (earlier in its lane and before the parallels around it; not the sibling lanes').
 */
export const earlierSteps = (plan: Plan, nodeId: string): PlanStep[] => {
  const found = before(plan.items, nodeId, []);
  if (!found) return [];
  // A parallel wholly before the target contributes every lane; steps on a sibling lane of the target's
  // own parallel were never pushed (before() only descends the lane holding the target).
  return found;
};

const idsOf = (items: readonly PlanItem[]): string[] => stepsOf(items).map((s) => s.nodeId);

const closure = (items: readonly PlanItem[], target: string): string[] | null => {
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as PlanItem;
    if (item.kind === 'step') {
      if (item.nodeId === target) return idsOf(items.slice(i));
      continue;
    }
    for (const lane of item.lanes) {
      const inner = closure(lane.items, target);
      if (inner) return [...inner, ...idsOf(items.slice(i + 1))];
    }
  }
  return null;
};

/**
 * What a send-back to `target` resets: the target, what follows it in its lane, and everything after the
 * parallels around it. Sibling lanes keep their progress.
 */
export const sendBackClosure = (plan: Plan, target: string): Set<string> =>
  new Set(closure(plan.items, target) ?? []);

/** The part of a task that decides a step's outcome. */
export interface TaskLite {
  state: number;
  weight: number;
  added: string | null;
}

/** Whether a step has passed, failed (a vote that can no longer reach its share) or still waits. */
export const stepOutcome = (
  step: Pick<PlanStep, 'mode' | 'passPercent'>,
  tasks: readonly TaskLite[],
): 'pending' | 'passed' | 'rejected' => {
  // States: 0 waiting, 1 pending, 2 approved, 3 rejected, 4 closed, 5 transferred.
  const live = tasks.filter((t) => t.state !== 4 && t.state !== 5);
  const added = live.filter((t) => t.added !== null);
  const base = live.filter((t) => t.added === null);
  if (added.some((t) => t.state === 3)) return 'rejected';
  const addedDone = added.every((t) => t.state === 2);
  const mode = step.mode ?? 'single';
  if (mode === 'vote') {
    let total = 0;
    let yes = 0;
    let open = 0;
    for (const t of base) {
      total += t.weight;
      if (t.state === 2) yes += t.weight;
      else if (t.state === 0 || t.state === 1) open += t.weight;
    }
    const share = step.passPercent ?? 100;
    if (total > 0 && yes * 100 >= share * total) return addedDone ? 'passed' : 'pending';
    if ((yes + open) * 100 < share * total) return 'rejected';
    return 'pending';
  }
  if (base.some((t) => t.state === 3)) return 'rejected';
  const baseDone =
    mode === 'single' || mode === 'any'
      ? base.some((t) => t.state === 2)
      : base.length > 0 && base.every((t) => t.state === 2);
  if (!baseDone || !addedDone) return 'pending';
  // An added-before signer still deciding holds the step even when the base is done.
  return live.some((t) => t.state === 0 || t.state === 1) && mode !== 'any' && mode !== 'single'
    ? 'pending'
    : 'passed';
};
