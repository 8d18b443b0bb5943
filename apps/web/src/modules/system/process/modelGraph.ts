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
  return nodes.map((n) => {
    const p = g.node(n.id);
    const { width, height } = SIZE[n.data.type];
    return { ...n, position: { x: (p?.x ?? 0) - width / 2, y: (p?.y ?? 0) - height / 2 }, width, height };
  });
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
