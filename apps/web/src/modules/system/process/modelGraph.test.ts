import type { ProcessModel, ProcessNode } from '@tilth/contracts/workflow.model';
import { describe, expect, it } from 'vitest';
import { insertAt, type NewNames, newNode } from './modelEdit';
import { END_ID, issuesByNode, layoutGraph, modelToGraph, START_ID } from './modelGraph';

const names: NewNames = {
  approval: 'Approver',
  cc: 'CC',
  condition: 'Condition',
  parallel: 'Parallel',
  branch: (n) => `Branch ${n}`,
  defaultBranch: 'Otherwise',
};
const step = (id: string, next?: ProcessNode): ProcessNode => ({
  id,
  kind: 'approval',
  name: id,
  mode: 'any',
  assignees: [],
  ...(next ? { next } : {}),
});

describe('model ↔ graph', () => {
  it('an empty model is applicant → end with a "+" for the first step', () => {
    const { nodes, edges } = modelToGraph({});
    expect(nodes.map((n) => n.id)).toEqual([START_ID, END_ID]);
    expect(edges.map((e) => [e.source, e.target, e.data?.slot])).toEqual([
      [START_ID, END_ID, { at: 'root' }],
    ]);
  });

  it('a chain gives one edge per link, each inserting after its source', () => {
    const { edges } = modelToGraph({ node: step('a', step('b')) });
    expect(edges.map((e) => [e.source, e.target, e.data?.slot])).toEqual([
      [START_ID, 'a', { at: 'root' }],
      ['a', 'b', { at: 'after', nodeId: 'a' }],
      ['b', END_ID, { at: 'after', nodeId: 'b' }],
    ]);
  });

  it('a condition splits into side-by-side branch cards that meet at a join before what follows', () => {
    let i = 0;
    const gen = (p: string) => `${p}${++i}`;
    let m: ProcessModel = insertAt(
      { node: step('a', step('z')) },
      { at: 'after', nodeId: 'a' },
      newNode('condition', names, gen),
    );
    m = insertAt(m, { at: 'branch', branchId: 'b2' }, step('big'));
    const { nodes, edges } = modelToGraph(m, issuesByNode([{ nodeId: 'b2', message: 'Set conditions' }]));
    const pairs = edges.map((e) => [e.source, e.target, e.data?.slot ?? null]);
    expect(pairs).toEqual([
      [START_ID, 'a', { at: 'root' }],
      ['a', 'c1', { at: 'after', nodeId: 'a' }],
      ['c1', 'b2', null],
      ['b2', 'big', { at: 'branch', branchId: 'b2' }],
      ['big', 'c1__join', { at: 'after', nodeId: 'big' }],
      ['c1', 'b3', null],
      ['b3', 'c1__join', { at: 'branch', branchId: 'b3' }],
      ['c1__join', 'z', { at: 'after', nodeId: 'c1' }],
      ['z', END_ID, { at: 'after', nodeId: 'z' }],
    ]);
    expect(nodes.find((n) => n.id === 'b2')?.data.issues).toEqual(['Set conditions']);
    const laid = layoutGraph(nodes, edges);
    const y = (id: string) => laid.find((n) => n.id === id)?.position.y ?? Number.NaN;
    const x = (id: string) => laid.find((n) => n.id === id)?.position.x ?? Number.NaN;
    expect(y('a')).toBeLessThan(y('c1'));
    expect(y('b2')).toBe(y('b3'));
    expect(x('b2')).not.toBe(x('b3'));
    expect(y('z')).toBeGreaterThan(y('big'));
  });

  it('draws branches left to right in priority order, however long each is, centred under their split', () => {
    let i = 0;
    const gen = (p: string) => `${p}${++i}`;
    // Branch 1 (priority 1) has two steps and an inner condition; the default branch has none: dagre alone
    // drew the default on the left.
    let m: ProcessModel = insertAt(
      { node: step('a') },
      { at: 'after', nodeId: 'a' },
      newNode('condition', names, gen),
    );
    m = insertAt(m, { at: 'branch', branchId: 'b2' }, step('s2'));
    m = insertAt(m, { at: 'branch', branchId: 'b2' }, step('s1'));
    m = insertAt(m, { at: 'after', nodeId: 's2' }, newNode('condition', names, gen));
    m = insertAt(m, { at: 'branch', branchId: 'b6' }, step('deep'));
    const { nodes, edges } = modelToGraph(m);
    const laid = layoutGraph(nodes, edges);
    const box = (id: string) => {
      const n = laid.find((k) => k.id === id);
      return { l: n?.position.x ?? Number.NaN, r: (n?.position.x ?? 0) + (n?.width ?? 0) };
    };
    for (const [left, right] of [
      ['b2', 'b3'],
      ['b5', 'b6'],
    ] as const) {
      expect(box(left).r).toBeLessThan(box(right).l);
    }
    // Branch 1's steps stay in branch 1's column, clear of the default branch.
    for (const id of ['s1', 's2', 'deep']) expect(box(id).r).toBeLessThan(box('b3').l);
    const mid = (id: string) => (box(id).l + box(id).r) / 2;
    expect(Math.abs(mid('c1') - (box('b2').l + box('b3').r) / 2)).toBeLessThan(150);
  });
});
