import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Modal from 'antd/es/modal';
import TreeSelect from 'antd/es/tree-select';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../shared/crud/useSubmit';
import { type OrgTreeNode, organizationApi, orgKeys } from '../organization/organization.api';
import { type TenantUserView, userKeys } from './users.api';

interface UnitOption {
  value: number;
  title: string;
  disabled: boolean;
  children: UnitOption[];
}

/** The tree as choices: the enterprise itself takes no staff (spec 03 §5), so it is shown but not chosen. */
export const unitOptions = (nodes: readonly OrgTreeNode[]): UnitOption[] =>
  nodes.map((n) => ({
    value: n.id,
    title: n.name,
    disabled: n.organizationType === 'enterprise',
    children: unitOptions(n.children),
  }));

/** Every unit as a filter choice labelled by its path below the enterprise ("示范农业有限公司 / 财务部"). */
export const unitPaths = (
  nodes: readonly OrgTreeNode[],
  above: readonly string[] = [],
): { value: number; label: string }[] =>
  nodes.flatMap((n) => {
    const path = n.organizationType === 'enterprise' ? [] : [...above, n.name];
    return [
      ...(n.organizationType === 'enterprise' ? [] : [{ value: n.id, label: path.join(' / ') }]),
      ...unitPaths(n.children, path),
    ];
  });

/** Sets the units (companies, bases, departments) a member is staff of. */
export function UnitsModal(props: { tenantId: number; user: TenantUserView | null; onClose: () => void }) {
  const { tenantId, user, onClose } = props;
  const { t } = useTranslation(['users', 'common']);
  const tree = useQuery({
    queryKey: orgKeys.tree(tenantId),
    queryFn: () => organizationApi.tree(tenantId),
    enabled: user !== null,
  });
  const current = useQuery({
    queryKey: orgKeys.userUnits(tenantId, user?.id ?? 0),
    queryFn: () => organizationApi.userUnits(tenantId, user?.id ?? 0),
    enabled: user !== null,
  });
  const [unitIds, setUnitIds] = useState<number[]>([]);
  useEffect(() => setUnitIds((current.data ?? []).map((u) => u.unitId)), [current.data]);
  const options = useMemo(() => unitOptions(tree.data ?? []), [tree.data]);
  const queryClient = useQueryClient();
  // The user list shows each member's units: it reloads too (the browser story found it stale).
  const { busy, run } = useSubmit(orgKeys.all(tenantId), () => {
    void queryClient.invalidateQueries({ queryKey: userKeys.list(tenantId) });
    onClose();
  });
  const save = () =>
    user && run(() => organizationApi.setUserUnits(tenantId, user.id, unitIds), t('common:message.saved'));
  return (
    <Modal
      open={user !== null}
      title={t('users:title.units', { name: user?.realName ?? '' })}
      onCancel={onClose}
      onOk={save}
      confirmLoading={busy}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      destroyOnHidden
    >
      <Alert type="info" showIcon message={t('users:units.help')} style={{ marginBottom: 16 }} />
      <TreeSelect<number[]>
        multiple
        treeDefaultExpandAll
        showSearch
        treeNodeFilterProp="title"
        loading={tree.isLoading || current.isLoading}
        style={{ width: '100%' }}
        value={unitIds}
        onChange={setUnitIds}
        treeData={options}
        placeholder={t('users:units.placeholder')}
      />
    </Modal>
  );
}
