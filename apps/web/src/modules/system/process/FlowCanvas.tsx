import { ArrowDownOutlined, ArrowUpOutlined, CloseOutlined, PlusOutlined } from '@ant-design/icons';
import type { AssigneeRule, ProcessModel } from '@tilth/contracts/workflow.model';
import {
  Background,
  BaseEdge,
  Controls,
  EdgeLabelRenderer,
  type EdgeProps,
  getSmoothStepPath,
  Handle,
  type NodeProps,
  Position,
  ReactFlow,
  useReactFlow,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import Tooltip from 'antd/es/tooltip';
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { NewKind, Slot } from './modelEdit';
import { type FlowEdge, type FlowNode, issuesByNode, layoutGraph, modelToGraph } from './modelGraph';

// The DingTalk-style diagram (issue 14 item 5): cards top to bottom, a "+" on every edge that may take a
// step, branch cards with priority arrows and delete, the node's validation errors in red on it.

export interface DesignerActions {
  readOnly: boolean;
  selected: string | null;
  onInsert(slot: Slot, kind: NewKind): void;
  onSelect(id: string): void;
  onAddBranch(nodeId: string): void;
  onRemoveBranch(branchId: string): void;
  onMoveBranch(branchId: string, delta: -1 | 1): void;
  onRemoveNode(nodeId: string): void;
}

const Actions = createContext<DesignerActions | null>(null);
const useActions = (): DesignerActions => {
  const a = useContext(Actions);
  if (!a) throw new Error('FlowCanvas actions missing');
  return a;
};

const ruleText = (r: AssigneeRule, t: (k: string, o?: Record<string, unknown>) => string): string => {
  if (r.type === 'user') return t('process:rule.userCount', { count: r.userIds.length });
  if (r.type === 'role') return t('process:rule.roleCount', { count: r.roleIds.length });
  if (r.type === 'unitHead') return t('process:rule.unitHeadLevels', { levels: r.levels });
  return t('process:rule.chosen');
};

function Card(props: {
  id: string;
  color: string;
  title: ReactNode;
  children?: ReactNode;
  issues: string[];
  onRemove?: (() => void) | undefined;
  extra?: ReactNode;
}) {
  const a = useActions();
  const bad = props.issues.length > 0;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a diagram card, opened by click like DingTalk's
    <div
      role="button"
      tabIndex={0}
      className="tl-flow-card"
      onClick={() => a.onSelect(props.id)}
      onKeyDown={(e) => e.key === 'Enter' && a.onSelect(props.id)}
      style={{
        width: '100%',
        height: '100%',
        background: '#fff',
        borderRadius: 8,
        overflow: 'hidden',
        cursor: 'pointer',
        // React Flow gives non-selectable, non-draggable nodes pointer-events: none; the card (and its
        // delete, priority and add-branch buttons) must still take clicks.
        pointerEvents: 'all',
        border: `2px solid ${bad ? '#ff4d4f' : a.selected === props.id ? '#1677ff' : '#e5e6eb'}`,
        boxShadow: '0 2px 6px rgba(0,0,0,0.06)',
        fontSize: 12,
      }}
    >
      <Handle type="target" position={Position.Top} style={{ opacity: 0 }} />
      <div
        style={{
          background: props.color,
          color: '#fff',
          padding: '4px 8px',
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
        }}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {props.title}
        </span>
        <span>
          {props.extra}
          {props.onRemove && !a.readOnly ? (
            <CloseOutlined
              aria-label="remove"
              onClick={(e) => {
                e.stopPropagation();
                props.onRemove?.();
              }}
              style={{ marginLeft: 6 }}
            />
          ) : null}
        </span>
      </div>
      <div style={{ padding: '4px 8px', color: '#4e5969' }}>
        {props.children}
        {props.issues.map((m) => (
          <div key={m} style={{ color: '#ff4d4f' }}>
            {m}
          </div>
        ))}
      </div>
      <Handle type="source" position={Position.Bottom} style={{ opacity: 0 }} />
    </div>
  );
}

function StepNode({ data }: NodeProps<FlowNode>) {
  const { t } = useTranslation('process');
  const a = useActions();
  if (data.type !== 'step') return null;
  const n = data.node;
  const rules = n.kind === 'approval' || n.kind === 'cc' ? n.assignees : [];
  return (
    <Card
      id={n.id}
      color={n.kind === 'approval' ? '#ff943e' : '#3296fa'}
      title={n.name}
      issues={data.issues}
      onRemove={() => a.onRemoveNode(n.id)}
    >
      {n.kind === 'approval' ? <div>{t(`process:mode.${n.mode}`)}</div> : null}
      <div>{rules.length ? rules.map((r) => ruleText(r, t)).join('，') : t('process:rule.none')}</div>
    </Card>
  );
}

function SplitNode({ data }: NodeProps<FlowNode>) {
  const { t } = useTranslation('process');
  const a = useActions();
  if (data.type !== 'split') return null;
  const n = data.node;
  return (
    <Card
      id={n.id}
      color={n.kind === 'condition' ? '#15bc83' : '#722ed1'}
      title={n.name}
      issues={data.issues}
      onRemove={() => a.onRemoveNode(n.id)}
    >
      {a.readOnly ? null : (
        <Button
          size="small"
          type="link"
          style={{ padding: 0, height: 18 }}
          onClick={(e) => {
            e.stopPropagation();
            a.onAddBranch(n.id);
          }}
        >
          {t('process:action.addBranch')}
        </Button>
      )}
    </Card>
  );
}

function BranchNode({ data }: NodeProps<FlowNode>) {
  const { t } = useTranslation('process');
  const a = useActions();
  if (data.type !== 'branch') return null;
  const b = data.branch;
  const isDefault = 'isDefault' in b && b.isDefault === true;
  const conditions = 'conditions' in b ? b.conditions : [];
  const movable = !a.readOnly && !isDefault;
  const last = data.ownerKind === 'condition' ? data.count - 2 : data.count - 1;
  return (
    <Card
      id={b.id}
      color={data.ownerKind === 'condition' ? '#52c41a' : '#9254de'}
      title={
        data.ownerKind === 'condition'
          ? `${b.name} · ${t('process:branch.priority', { n: data.index + 1 })}`
          : b.name
      }
      issues={data.issues}
      onRemove={() => a.onRemoveBranch(b.id)}
      extra={
        movable ? (
          <>
            {data.index > 0 ? (
              <Tooltip title={t('process:action.moveUp')}>
                <ArrowUpOutlined
                  aria-label="up"
                  onClick={(e) => {
                    e.stopPropagation();
                    a.onMoveBranch(b.id, -1);
                  }}
                />
              </Tooltip>
            ) : null}
            {data.index < last ? (
              <Tooltip title={t('process:action.moveDown')}>
                <ArrowDownOutlined
                  aria-label="down"
                  onClick={(e) => {
                    e.stopPropagation();
                    a.onMoveBranch(b.id, 1);
                  }}
                  style={{ marginLeft: 4 }}
                />
              </Tooltip>
            ) : null}
          </>
        ) : null
      }
    >
      {data.ownerKind === 'parallel'
        ? t('process:branch.parallel')
        : isDefault
          ? t('process:branch.default')
          : conditions.length
            ? t('process:branch.conditionCount', { count: conditions.length })
            : t('process:branch.noCondition')}
    </Card>
  );
}

function Terminal({ data }: NodeProps<FlowNode>) {
  const { t } = useTranslation('process');
  const isStart = data.type === 'start';
  return (
    <div
      style={{
        width: '100%',
        height: '100%',
        borderRadius: 20,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: isStart ? '#576a95' : '#f2f3f5',
        color: isStart ? '#fff' : '#86909c',
        fontSize: 12,
      }}
    >
      {isStart ? null : <Handle type="target" position={Position.Top} style={{ opacity: 0 }} />}
      {isStart ? t('process:node.applicant') : t('process:node.end')}
      {isStart ? <Handle type="source" position={Position.Bottom} style={{ opacity: 0 }} /> : null}
      {data.issues.map((m) => (
        <span key={m} style={{ color: '#ff4d4f' }}>
          {m}
        </span>
      ))}
    </div>
  );
}

function JoinNode() {
  return (
    <div style={{ width: 12, height: 12, borderRadius: 6, background: '#c9cdd4' }}>
      <Handle type="target" position={Position.Top} style={{ opacity: 0 }} />
      <Handle type="source" position={Position.Bottom} style={{ opacity: 0 }} />
    </div>
  );
}

function AddEdge(props: EdgeProps<FlowEdge>) {
  const { t } = useTranslation('process');
  const a = useActions();
  const [path, labelX, labelY] = getSmoothStepPath({ ...props, borderRadius: 8 });
  const slot = props.data?.slot ?? null;
  const kinds: NewKind[] = ['approval', 'cc', 'condition', 'parallel'];
  return (
    <>
      <BaseEdge id={props.id} path={path} style={{ stroke: '#c9cdd4', strokeWidth: 2 }} />
      {slot && !a.readOnly ? (
        <EdgeLabelRenderer>
          <div
            className="nodrag nopan"
            style={{
              position: 'absolute',
              transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)`,
              pointerEvents: 'all',
            }}
          >
            <Dropdown
              trigger={['click']}
              menu={{
                items: kinds.map((k) => ({ key: k, label: t(`process:kind.${k}`) })),
                onClick: ({ key }) => a.onInsert(slot, key as NewKind),
              }}
            >
              <Button
                size="small"
                shape="circle"
                type="primary"
                icon={<PlusOutlined />}
                aria-label={t('process:action.insert')}
              />
            </Dropdown>
          </div>
        </EdgeLabelRenderer>
      ) : null}
    </>
  );
}

/**
 * fitView only fits the first render: a step or branch added later grew the diagram out of sight (the
 * designer opened zoomed in on an empty flow). Fit again whenever the diagram gains or loses nodes.
 */
function FitOnChange({ count }: { count: number }) {
  const flow = useReactFlow();
  useEffect(() => {
    if (count === 0) return;
    // After React Flow has measured the new nodes.
    const id = requestAnimationFrame(() => void flow.fitView(FIT));
    return () => cancelAnimationFrame(id);
  }, [count, flow]);
  return null;
}

/** Never larger than life: an empty flow would otherwise fill the canvas with two huge cards. */
const FIT = { maxZoom: 1 } as const;

const nodeTypes = {
  start: Terminal,
  end: Terminal,
  step: StepNode,
  split: SplitNode,
  branch: BranchNode,
  join: JoinNode,
};
const edgeTypes = { add: AddEdge };

/** The diagram of `model`; issues are shown on the node they name. */
export function FlowCanvas(
  props: DesignerActions & {
    model: ProcessModel;
    issues: readonly { nodeId: string | null; message: string }[];
    height?: number;
  },
) {
  const { model, issues, height = 640, ...actions } = props;
  const { nodes, edges } = useMemo(() => {
    const g = modelToGraph(model, issuesByNode(issues));
    return { nodes: layoutGraph(g.nodes, g.edges), edges: g.edges };
  }, [model, issues]);
  return (
    <Actions.Provider value={actions}>
      <div style={{ height, background: '#f5f6f7', borderRadius: 8 }}>
        <ReactFlow<FlowNode, FlowEdge>
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          edgeTypes={edgeTypes}
          nodesDraggable={false}
          nodesConnectable={false}
          elementsSelectable={false}
          fitView
          fitViewOptions={FIT}
          minZoom={0.2}
          proOptions={{ hideAttribution: true }}
        >
          <Background />
          <Controls showInteractive={false} />
          <FitOnChange count={nodes.length} />
        </ReactFlow>
      </div>
    </Actions.Provider>
  );
}
