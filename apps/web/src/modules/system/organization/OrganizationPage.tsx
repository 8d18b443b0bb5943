import { useQuery, useQueryClient } from '@tanstack/react-query';
import { UNIT_NAME_MAX } from '@tilth/contracts/organization.types';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import type { DataNode } from 'antd/es/tree';
import Tree, { type TreeProps } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/FeedbackProvider';
import { requiredRule } from '../../../shared/form/fieldRules';
import { useShell } from '../../../shell/ShellContext';
import { type OrgTreeNode, organizationApi, orgKeys } from './organization.api';
import { childTypeChoices, filterTree, flatten, mayDrop } from './orgRules';
import { TYPE_COLORS, UnitPanel } from './UnitPanel';

interface ChildForm {
  name: string;
  organizationType: 'company' | 'area' | 'department';
}

/** /system/organization: the tenant's tree, drag-and-drop moves, and the selected unit's panel. */
export function OrganizationPage() {
  const { t } = useTranslation(['organization', 'common']);
  const { tenantId } = useShell();
  const queryClient = useQueryClient();
  const message = useMessage();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const [childOf, setChildOf] = useState<OrgTreeNode | null>(null);
  // Every branch shows open unless folded by hand: a unit's first child (just added) is then in sight.
  const [folded, setFolded] = useState<ReadonlySet<number>>(new Set());
  const [childForm] = Form.useForm<ChildForm>();
  const tree = useQuery({ queryKey: orgKeys.tree(tenantId), queryFn: () => organizationApi.tree(tenantId) });
  const candidates = useQuery({
    queryKey: orgKeys.candidates(tenantId),
    queryFn: () => organizationApi.candidates(tenantId),
  });
  const units = useMemo(() => flatten(tree.data ?? []), [tree.data]);
  const byId = useMemo(() => new Map(units.map((u) => [u.id, u])), [units]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: orgKeys.all(tenantId) });

  const toData = (nodes: OrgTreeNode[]): DataNode[] =>
    nodes.map((n) => ({
      key: n.id,
      title: (
        <span>
          <Tag color={TYPE_COLORS[n.organizationType]}>{t(`organization:type.${n.organizationType}`)}</Tag>
          {n.name}
          {n.staffCount > 0 ? <span style={{ color: '#999' }}> ({n.staffCount})</span> : null}
        </span>
      ),
      children: toData(n.children),
    }));
  const shown = filterTree(tree.data ?? [], search);
  const data = toData(shown);
  const expandedKeys = flatten(shown)
    .filter((n) => n.children.length > 0 && !folded.has(n.id))
    .map((n) => n.id);

  /** Where a drop lands: into the target, or beside it (under the target's parent). */
  const dropParent = (target: OrgTreeNode, intoTarget: boolean) =>
    intoTarget ? target : target.parentId === null ? undefined : byId.get(target.parentId);

  const allowDrop: TreeProps['allowDrop'] = ({ dragNode, dropNode, dropPosition }) => {
    const dragged = byId.get(Number(dragNode.key));
    const target = byId.get(Number(dropNode.key));
    const parent = target && dropParent(target, dropPosition === 0);
    return Boolean(dragged && parent && mayDrop(dragged, parent));
  };

  const onDrop: TreeProps['onDrop'] = async (info) => {
    const dragged = byId.get(Number(info.dragNode.key));
    const target = byId.get(Number(info.node.key));
    const parent = target && dropParent(target, !info.dropToGap);
    if (!dragged || !parent) return;
    if (!mayDrop(dragged, parent)) {
      message.error(
        t('organization:tree.dropRefused', { child: t(`organization:type.${dragged.organizationType}`) }),
      );
      return;
    }
    try {
      await organizationApi.move(tenantId, {
        id: dragged.id,
        parentId: parent.id,
        objectVersionNumber: dragged.objectVersionNumber,
      });
      message.success(t('organization:tree.moved'));
    } catch {
      // The server's refusal was shown by the API client; the reload puts the unit back.
    }
    await refresh();
  };

  const addChild = async (v: ChildForm) => {
    if (!childOf) return;
    try {
      const made = await organizationApi.create(tenantId, { ...v, parentId: childOf.id });
      message.success(t('organization:message.created'));
      setChildOf(null);
      setSelected(made.id);
      setFolded((f) => new Set([...f].filter((id) => id !== childOf.id)));
      await refresh();
    } catch {
      // Shown by the API client.
    }
  };

  const unit = selected === null ? undefined : byId.get(selected);
  return (
    <section className="tl-card" style={{ display: 'flex', gap: 24, flexWrap: 'wrap' }}>
      <div style={{ flex: '1 1 320px', minWidth: 280 }}>
        <Input.Search
          allowClear
          placeholder={t('organization:tree.search')}
          onChange={(e) => {
            setSearch(e.target.value);
            setFolded(new Set());
          }}
          style={{ marginBottom: 12 }}
        />
        <p style={{ color: '#999', fontSize: 12 }}>{t('organization:tree.dragHint')}</p>
        {tree.isLoading ? (
          <Spin />
        ) : data.length === 0 ? (
          <Empty description={t('organization:tree.empty')} />
        ) : (
          <Tree
            blockNode
            expandedKeys={expandedKeys}
            onExpand={(_, info) =>
              setFolded((f) => {
                const id = Number(info.node.key);
                const next = new Set(f);
                if (info.expanded) next.delete(id);
                else next.add(id);
                return next;
              })
            }
            draggable={{ icon: false }}
            allowDrop={allowDrop}
            onDrop={(info) => void onDrop(info)}
            treeData={data}
            selectedKeys={selected === null ? [] : [selected]}
            onSelect={(keys) => setSelected(keys.length ? Number(keys[0]) : null)}
            key={search ? `search-${search}` : 'all'}
          />
        )}
      </div>
      <div style={{ flex: '2 1 420px', minWidth: 320 }}>
        {unit ? (
          <UnitPanel
            tenantId={tenantId}
            unit={unit}
            candidates={candidates.data ?? []}
            onAddChild={() => {
              childForm.resetFields();
              childForm.setFieldsValue({
                organizationType: childTypeChoices(unit.organizationType)[0] as ChildForm['organizationType'],
              });
              setChildOf(unit);
            }}
            onDeleted={() => setSelected(null)}
          />
        ) : (
          <Empty description={t('organization:panel.none')} />
        )}
      </div>
      <Modal
        open={childOf !== null}
        title={t('organization:child.title', { name: childOf?.name ?? '' })}
        okText={t('common:action.save')}
        cancelText={t('common:action.cancel')}
        onOk={() => childForm.submit()}
        onCancel={() => setChildOf(null)}
        forceRender
      >
        <Form<ChildForm> form={childForm} layout="vertical" onFinish={(v) => void addChild(v)}>
          <Form.Item
            name="organizationType"
            label={t('organization:field.type')}
            rules={[requiredRule(t, t('organization:field.type'), 'select')]}
          >
            <Select
              options={childTypeChoices(childOf?.organizationType ?? '').map((c) => ({
                value: c,
                label: t(`organization:type.${c}`),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('organization:field.name')}
            rules={[requiredRule(t, t('organization:field.name'))]}
          >
            <Input maxLength={UNIT_NAME_MAX} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  );
}
