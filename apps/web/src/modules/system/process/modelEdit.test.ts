import type { ProcessModel, ProcessNode } from '@tilth/contracts/workflow.model';
import { describe, expect, it } from 'vitest';
import {
  addBranch,
  findNode,
  insertAt,
  moveBranch,
  type NewNames,
  newNode,
  removeBranch,
  removeNode,
  updateBranch,
  updateNode,
} from './modelEdit';

const names: NewNames = {
  approval: 'Approver',
  cc: 'CC',
  condition: 'Condition',
  parallel: 'Parallel',
  branch: (n) => `Branch ${n}`,
  defaultBranch: 'Otherwise',
};
const seq = () => {
  let i = 0;
  return (p: string) => `${p}${++i}`;
};
const step = (id: string, next?: ProcessNode): ProcessNode => ({
  id,
  kind: 'approval',
  name: id,
  mode: 'any',
  assignees: [{ type: 'user', userIds: [1] }],
  ...(next ? { next } : {}),
});
/** The ids along the main line. */
const line = (n: ProcessNode | undefined): string[] => (n ? [n.id, ...line(n.next)] : []);

describe('model editing', () => {
  it('inserts a step first, after a node, and first in a branch, keeping what followed', () => {
    const m: ProcessModel = { node: step('a', step('b')) };
    const first = insertAt(m, { at: 'root' }, step('x'));
    expect(line(first.node)).toEqual(['x', 'a', 'b']);
    const mid = insertAt(m, { at: 'after', nodeId: 'a' }, step('y'));
    expect(line(mid.node)).toEqual(['a', 'y', 'b']);
    expect(line(m.node)).toEqual(['a', 'b']);
    const withCond = insertAt(m, { at: 'after', nodeId: 'a' }, newNode('condition', names, seq()));
    expect(line(withCond.node)).toEqual(['a', 'c1', 'b']);
    const inBranch = insertAt(withCond, { at: 'branch', branchId: 'b2' }, step('z'));
    const cond = findNode(inBranch, 'c1');
    expect(cond?.kind === 'condition' && cond.branches[0]?.node?.id).toBe('z');
    expect(cond?.next?.id).toBe('b');
  });

  it('a new condition has one branch and a default; a parallel has two branches', () => {
    const c = newNode('condition', names, seq());
    expect(c.kind === 'condition' && c.branches.map((b) => [b.name, b.isDefault ?? false])).toEqual([
      ['Branch 1', false],
      ['Otherwise', true],
    ]);
    const p = newNode('parallel', names, seq());
    expect(p.kind === 'parallel' && p.branches.length).toBe(2);
  });

  it('adds a condition branch before the default, and reorders without moving the default', () => {
    const gen = seq();
    const m = insertAt({}, { at: 'root' }, newNode('condition', names, gen));
    const added = addBranch(m, 'c1', 'Branch 2', gen);
    const ids = (x: ProcessModel) => {
      const c = findNode(x, 'c1');
      return c?.kind === 'condition' ? c.branches.map((b) => b.id) : [];
    };
    expect(ids(added)).toEqual(['b2', 'b4', 'b3']);
    expect(ids(moveBranch(added, 'b4', -1))).toEqual(['b4', 'b2', 'b3']);
    expect(ids(moveBranch(added, 'b4', 1))).toEqual(['b2', 'b4', 'b3']);
    expect(ids(moveBranch(added, 'b3', -1))).toEqual(['b2', 'b4', 'b3']);
  });

  it('removing a branch of three keeps the block; of two dissolves it and joins the rest', () => {
    const gen = seq();
    let m = insertAt(
      { node: step('a', step('z')) },
      { at: 'after', nodeId: 'a' },
      newNode('parallel', names, gen),
    );
    m = insertAt(m, { at: 'branch', branchId: 'b2' }, step('left'));
    m = insertAt(m, { at: 'branch', branchId: 'b3' }, step('right'));
    const three = addBranch(m, 'p1', 'Third', gen);
    const two = removeBranch(three, 'b4');
    const p = findNode(two, 'p1');
    expect(p?.kind === 'parallel' && p.branches.map((b) => b.id)).toEqual(['b2', 'b3']);
    const dissolved = removeBranch(two, 'b2');
    expect(line(dissolved.node)).toEqual(['a', 'right', 'z']);
  });

  it('removing the default of three makes the last branch the default', () => {
    const gen = seq();
    let m = insertAt({}, { at: 'root' }, newNode('condition', names, gen));
    m = addBranch(m, 'c1', 'B', gen);
    m = updateBranch(m, 'b4', { conditions: [{ field: 'amount', op: 'gt', value: 5 }] });
    const out = removeBranch(m, 'b3');
    const c = findNode(out, 'c1');
    expect(
      c?.kind === 'condition' && c.branches.map((b) => [b.id, b.isDefault ?? false, b.conditions.length]),
    ).toEqual([
      ['b2', false, 0],
      ['b4', true, 0],
    ]);
  });

  it('deleting a node keeps the rest joined, a block goes with its branches', () => {
    const m: ProcessModel = { node: step('a', step('b', step('c'))) };
    expect(line(removeNode(m, 'b').node)).toEqual(['a', 'c']);
    expect(line(removeNode(m, 'a').node)).toEqual(['b', 'c']);
    const withBlock = insertAt(m, { at: 'after', nodeId: 'a' }, newNode('condition', names, seq()));
    const inside = insertAt(withBlock, { at: 'branch', branchId: 'b2' }, step('in1', step('in2')));
    expect(findNode(removeNode(inside, 'in1'), 'in2')).toBeDefined();
    expect(findNode(removeNode(inside, 'in1'), 'in1')).toBeUndefined();
    expect(line(removeNode(inside, 'c1').node)).toEqual(['a', 'b', 'c']);
    expect(findNode(removeNode(inside, 'c1'), 'in2')).toBeUndefined();
  });

  it('updates a node’s settings without touching its links', () => {
    const m: ProcessModel = { node: step('a', step('b')) };
    const out = updateNode(m, 'a', {
      name: 'Manager',
      mode: 'vote',
      passPercent: 60,
    } as Partial<ProcessNode>);
    const a = findNode(out, 'a');
    expect(a?.kind === 'approval' && [a.name, a.mode, a.passPercent, a.next?.id]).toEqual([
      'Manager',
      'vote',
      60,
      'b',
    ]);
  });
});
