import { Graph, layout } from '@dagrejs/dagre';
import type {
  ConditionBranch,
  ParallelBranch,
  ProcessModel,
  ProcessNode,
} from '@tilth/contracts/workflow.model';
import type { Edge, Node } from '@xyflow/react';
import type { Slot } from './modelEdit';

// The process tree as a diagram (issue 14 item 5): applicant → steps → end, a condition or parallel block
// as a split card, one card per branch side by side, and a join dot where they meet. Every edge that may
// take a new step carries its slot (the "+" button); dagre lays it out top to bottom.

export type FlowNodeData =
  | { type: 'start' }
  | { type: 'end' }
  | { type: 'step'; node: ProcessNode }
  | { type: 'split'; node: ProcessNode }
  | {
      type: 'branch';
      branch: ConditionBranch | ParallelBranch;
      ownerId: string;
      ownerKind: 'condition' | 'parallel';
      index: number;
      count: number;
    }
  | { type: 'join' };

export type FlowNode = Node<FlowNodeData & { issues: string[] }>;
export type FlowEdge = Edge<{ slot: Slot | null }>;

export const START_ID = '__start';
export const END_ID = '__end';

const SIZE: Record<FlowNodeData['type'], { width: number; height: number }> = {
  start: { width: 160, height: 44 },
  end: { width: 120, height: 36 },
  step: { width: 220, height: 84 },
  split: { width: 200, height: 60 },
  branch: { width: 220, height: 96 },
  join: { width: 12, height: 12 },
};

/** Nodes and edges of a model, unpositioned; `issues` maps node / branch ids to their messages. */
export const modelToGraph = (
  model: ProcessModel,
  issues: ReadonlyMap<string, string[]> = new Map(),
): { nodes: FlowNode[]; edges: FlowEdge[] } => {
  const nodes: FlowNode[] = [];
  const edges: FlowEdge[] = [];
  const add = (id: string, data: FlowNodeData) =>
    nodes.push({
      id,
      type: data.type,
      position: { x: 0, y: 0 },
      data: { ...data, issues: issues.get(id) ?? [] },
    });
  const link = (source: string, target: string, slot: Slot | null) =>
    edges.push({ id: `${source}->${target}`, source, target, type: 'add', data: { slot } });

  const chain = (first: ProcessNode | undefined, from: string, slot: Slot): { tail: string; slot: Slot } => {
    let prev = from;
    let s = slot;
    for (let n = first; n; n = n.next) {
      if (n.kind === 'approval' || n.kind === 'cc') {
        add(n.id, { type: 'step', node: n });
        link(prev, n.id, s);
        prev = n.id;
      } else {
        add(n.id, { type: 'split', node: n });
        link(prev, n.id, s);
        const join = `${n.id}__join`;
        const kind = n.kind;
        n.branches.forEach((b, index) => {
          add(b.id, {
            type: 'branch',
            branch: b,
            ownerId: n.id,
            ownerKind: kind,
            index,
            count: n.branches.length,
          });
          link(n.id, b.id, null);
          const end = chain(b.node, b.id, { at: 'branch', branchId: b.id });
          link(end.tail, join, end.slot);
        });
        add(join, { type: 'join' });
        prev = join;
      }
      s = { at: 'after', nodeId: n.id };
    }
    return { tail: prev, slot: s };
  };

  add(START_ID, { type: 'start' });
  const end = chain(model.node, START_ID, { at: 'root' });
  add(END_ID, { type: 'end' });
  link(end.tail, END_ID, end.slot);
  return { nodes, edges };
};

/** Positions the nodes top to bottom (dagre gives centres; xyflow wants top-left corners). */
export const layoutGraph = (nodes: FlowNode[], edges: FlowEdge[]): FlowNode[] => {
  const g = new Graph();
  g.setGraph({ rankdir: 'TB', nodesep: 48, ranksep: 56 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of nodes) g.setNode(n.id, { ...SIZE[n.data.type] });
  // Heavy split → branch edges keep every branch card of a block on one row.
  for (const e of edges) g.setEdge(e.source, e.target, { weight: e.data?.slot ? 1 : 10 });
  layout(g);
  const x = new Map(nodes.map((n) => [n.id, g.node(n.id)?.x ?? 0]));
  keepBranchOrder(nodes, edges, x);
  return nodes.map((n) => {
    const { width, height } = SIZE[n.data.type];
    const y = g.node(n.id)?.y ?? 0;
    return { ...n, position: { x: (x.get(n.id) ?? 0) - width / 2, y: y - height / 2 }, width, height };
  });
};

const NODE_GAP = 48;

/**
 * Dagre minimises crossings and may swap a block's branches (a longer branch drawn left of a shorter
 * one). Branches are priorities, read left to right: each block's branch columns are laid out again in
 * branch order, centred under the split, inner blocks first (moving an outer column carries them along).
 */
const keepBranchOrder = (nodes: readonly FlowNode[], edges: readonly FlowEdge[], x: Map<string, number>) => {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.source, [...(next.get(e.source) ?? []), e.target]);
  const width = new Map(nodes.map((n) => [n.id, SIZE[n.data.type].width]));
  const column = (branchId: string, join: string): string[] => {
    const seen = new Set([branchId]);
    const frontier = [branchId];
    for (let id = frontier.pop(); id !== undefined; id = frontier.pop()) {
      for (const t of next.get(id) ?? []) {
        if (t === join || seen.has(t)) continue;
        seen.add(t);
        frontier.push(t);
      }
    }
    return [...seen];
  };
  const splits = nodes.filter((n) => n.data.type === 'split').reverse();
  for (const split of splits) {
    const join = `${split.id}__join`;
    const branches = nodes
      .filter((n) => n.data.type === 'branch' && n.data.ownerId === split.id)
      .sort((a, b) =>
        a.data.type === 'branch' && b.data.type === 'branch' ? a.data.index - b.data.index : 0,
      );
    const cols = branches.map((b) => {
      const ids = column(b.id, join);
      const lo = Math.min(...ids.map((id) => (x.get(id) ?? 0) - (width.get(id) ?? 0) / 2));
      const hi = Math.max(...ids.map((id) => (x.get(id) ?? 0) + (width.get(id) ?? 0) / 2));
      return { ids, lo, w: hi - lo };
    });
    const total = cols.reduce((sum, c) => sum + c.w, 0) + NODE_GAP * (cols.length - 1);
    let left = (x.get(split.id) ?? 0) - total / 2;
    for (const c of cols) {
      const dx = left - c.lo;
      for (const id of c.ids) x.set(id, (x.get(id) ?? 0) + dx);
      left += c.w + NODE_GAP;
    }
  }
};

/** Issues by the node or branch they concern (null: the flow as a whole, under the key ''). */
export const issuesByNode = (list: readonly { nodeId: string | null; message: string }[]) => {
  const out = new Map<string, string[]>();
  for (const i of list) {
    const k = i.nodeId ?? '';
    out.set(k, [...(out.get(k) ?? []), i.message]);
  }
  return out;
};
