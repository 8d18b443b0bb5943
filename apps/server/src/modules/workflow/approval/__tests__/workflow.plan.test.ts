import type { ApprovalNode, Condition, ProcessModel, ProcessNode } from '@tilth/contracts';
import { describe, expect, it } from 'vitest';
import {
  activeSteps,
  conditionHolds,
  earlierSteps,
  laneOf,
  planSteps,
  resolvePlan,
  sendBackClosure,
  stepOutcome,
} from '../workflow.plan.js';

// The pure core: plans from models, the active steps, send-back targets and closures, step outcomes.

const ap = (id: string, next?: ProcessNode, extra: Partial<ApprovalNode> = {}): ApprovalNode => ({
  id,
  kind: 'approval',
  name: id.toUpperCase(),
  mode: 'single',
  assignees: [{ type: 'user', userIds: [1] }],
  next,
  ...extra,
});

/** a1 → par(b1 → b2 | c1) → d1 */
const parallelModel: ProcessModel = {
  node: ap('a1', {
    id: 'par',
    kind: 'parallel',
    name: 'P',
    branches: [
      { id: 'lb', name: 'B', node: ap('b1', ap('b2')) },
      { id: 'lc', name: 'C', node: ap('c1') },
    ],
    next: ap('d1'),
  }),
};
const ids = (steps: { nodeId: string }[]) => steps.map((s) => s.nodeId);

describe('conditions', () => {
  const f = { amount: 500, unit: [7, 3], kind: 'a', none: null };
  const c = (field: string, op: Condition['op'], value: Condition['value']): Condition => ({
    field,
    op,
    value,
  });
  it.each([
    [c('amount', 'gt', 100), true],
    [c('amount', 'gt', 500), false],
    [c('amount', 'gte', 500), true],
    [c('amount', 'lt', 500), false],
    [c('amount', 'lte', 500), true],
    [c('amount', 'eq', '500'), true],
    [c('amount', 'ne', 500), false],
    [c('unit', 'in', [3, 9]), true],
    [c('unit', 'notIn', [9]), true],
    [c('unit', 'eq', 7), true],
    [c('kind', 'in', ['b', 'c']), false],
    [c('missing', 'eq', 1), false],
    [c('missing', 'ne', 1), true],
    [c('none', 'gt', 0), false],
    [c('kind', 'gt', 1), false],
  ])('%j → %s', (cond, want) => {
    expect(conditionHolds(cond, f)).toBe(want);
  });
});

describe('resolvePlan', () => {
  const branchModel: ProcessModel = {
    node: {
      id: 'cond',
      kind: 'condition',
      name: 'amount',
      branches: [
        {
          id: 'big',
          name: 'big',
          conditions: [{ field: 'amount', op: 'gte', value: 1000 }],
          node: ap('boss'),
        },
        {
          id: 'mid',
          name: 'mid',
          conditions: [
            { field: 'amount', op: 'gte', value: 100 },
            { field: 'warehouseId', op: 'eq', value: 2 },
          ],
          node: ap('keeper'),
        },
        { id: 'else', name: 'else', conditions: [], isDefault: true },
      ],
      next: { id: 'cc', kind: 'cc', name: 'CC', assignees: [{ type: 'user', userIds: [2] }] },
    },
  };
  it('takes the first branch whose conditions all hold, else the default', () => {
    expect(ids(planSteps(resolvePlan(branchModel, { amount: 5000, warehouseId: 2 })))).toEqual([
      'boss',
      'cc',
    ]);
    expect(ids(planSteps(resolvePlan(branchModel, { amount: 500, warehouseId: 2 })))).toEqual([
      'keeper',
      'cc',
    ]);
    expect(ids(planSteps(resolvePlan(branchModel, { amount: 500, warehouseId: 3 })))).toEqual(['cc']);
  });
  it('keeps parallel lanes, and flattens a parallel with one non-empty lane', () => {
    const plan = resolvePlan(parallelModel, {});
    expect(plan.items.map((i) => i.kind)).toEqual(['step', 'parallel', 'step']);
    expect(laneOf(plan).get('b2')).toEqual(['par:lb']);
    const oneLane: ProcessModel = {
      node: {
        id: 'par',
        kind: 'parallel',
        name: 'P',
        branches: [
          { id: 'x', name: 'X', node: ap('x1') },
          { id: 'y', name: 'Y' },
        ],
      },
    };
    expect(resolvePlan(oneLane, {}).items.map((i) => i.kind)).toEqual(['step']);
  });
  it('an empty model is an empty plan (finished at once)', () => {
    expect(activeSteps(resolvePlan({}, {}), new Set())).toEqual([]);
  });
});

describe('activeSteps', () => {
  const plan = resolvePlan(parallelModel, {});
  it('waits on the main line, then on every lane, joining before the next step', () => {
    expect(ids(activeSteps(plan, new Set()))).toEqual(['a1']);
    expect(ids(activeSteps(plan, new Set(['a1'])))).toEqual(['b1', 'c1']);
    expect(ids(activeSteps(plan, new Set(['a1', 'b1'])))).toEqual(['b2', 'c1']);
    expect(ids(activeSteps(plan, new Set(['a1', 'b1', 'b2'])))).toEqual(['c1']);
    expect(ids(activeSteps(plan, new Set(['a1', 'b1', 'b2', 'c1'])))).toEqual(['d1']);
    expect(ids(activeSteps(plan, new Set(['a1', 'b1', 'b2', 'c1', 'd1'])))).toEqual([]);
  });
});

describe('earlierSteps and sendBackClosure', () => {
  const plan = resolvePlan(parallelModel, {});
  it('offers the steps on the same path only', () => {
    expect(ids(earlierSteps(plan, 'a1'))).toEqual([]);
    expect(ids(earlierSteps(plan, 'b2'))).toEqual(['a1', 'b1']);
    expect(ids(earlierSteps(plan, 'c1'))).toEqual(['a1']);
    expect(ids(earlierSteps(plan, 'd1'))).toEqual(['a1', 'b1', 'b2', 'c1']);
    expect(ids(earlierSteps(plan, 'nope'))).toEqual([]);
  });
  it('resets the target, what follows in its lane and after the parallel; sibling lanes keep theirs', () => {
    expect([...sendBackClosure(plan, 'b1')].sort()).toEqual(['b1', 'b2', 'd1']);
    expect([...sendBackClosure(plan, 'a1')].sort()).toEqual(['a1', 'b1', 'b2', 'c1', 'd1']);
    expect([...sendBackClosure(plan, 'c1')].sort()).toEqual(['c1', 'd1']);
    expect([...sendBackClosure(plan, 'd1')]).toEqual(['d1']);
  });
});

describe('stepOutcome', () => {
  const t = (state: number, weight = 1, added: string | null = null) => ({ state, weight, added });
  it('single and any: the first approval passes, a reject rejects', () => {
    for (const mode of ['single', 'any'] as const) {
      expect(stepOutcome({ mode }, [t(1), t(1)])).toBe('pending');
      expect(stepOutcome({ mode }, [t(2), t(1)])).toBe('passed');
      expect(stepOutcome({ mode }, [t(3), t(1)])).toBe('rejected');
    }
  });
  it('all and sequential: every base task must approve', () => {
    for (const mode of ['all', 'sequential'] as const) {
      expect(stepOutcome({ mode }, [t(2), t(1)])).toBe('pending');
      expect(stepOutcome({ mode }, [t(2), t(0)])).toBe('pending');
      expect(stepOutcome({ mode }, [t(2), t(2)])).toBe('passed');
      expect(stepOutcome({ mode }, [t(2), t(3)])).toBe('rejected');
      // Transferred and closed tasks do not count.
      expect(stepOutcome({ mode }, [t(2), t(5), t(2)])).toBe('passed');
    }
  });
  it('vote: passes at the weighted share, fails once it cannot reach it', () => {
    const step = { mode: 'vote' as const, passPercent: 60 };
    expect(stepOutcome(step, [t(2, 3), t(1, 1), t(1, 1)])).toBe('passed');
    expect(stepOutcome(step, [t(2, 2), t(1, 1), t(1, 2)])).toBe('pending');
    expect(stepOutcome(step, [t(3, 3), t(1, 1), t(1, 1)])).toBe('rejected');
    expect(stepOutcome(step, [t(3, 1), t(2, 2), t(2, 2)])).toBe('passed');
  });
  it('added signers must approve whatever the mode', () => {
    expect(stepOutcome({ mode: 'any' }, [t(2), t(1, 1, 'after')])).toBe('pending');
    expect(stepOutcome({ mode: 'any' }, [t(2), t(2, 1, 'after')])).toBe('passed');
    expect(stepOutcome({ mode: 'single' }, [t(0), t(1, 1, 'before')])).toBe('pending');
    expect(stepOutcome({ mode: 'single' }, [t(0), t(3, 1, 'before')])).toBe('rejected');
    expect(stepOutcome({ mode: 'vote', passPercent: 50 }, [t(2), t(1, 1, 'after')])).toBe('pending');
  });
});
