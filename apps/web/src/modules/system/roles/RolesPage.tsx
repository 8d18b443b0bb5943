import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import type { ColumnsType } from 'antd/es/table';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../../../shared/crud/RowActions';
import { useConfirmDelete } from '../../../shared/crud/useConfirmDelete';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { PermissionGuard } from '../../../shared/permission/PermissionGuard';
import { useShell } from '../../../shell/ShellContext';
import { type RoleDialog, RoleDrawer } from './RoleDrawer';
import { ROLE_CODES, type Role, roleKeys, rolesApi } from './roles.api';

/** Roles of the enterprise (system/role): holders, create, copy, edit with the permission tree, delete. */
export function RolesPage() {
  const { t } = useTranslation(['roles', 'common']);
  const { tenantId } = useShell();
  const confirmDelete = useConfirmDelete();
  const roles = useQuery({ queryKey: roleKeys.list(tenantId), queryFn: () => rolesApi.list(tenantId) });
  const [dialog, setDialog] = useState<RoleDialog | null>(null);
  const refresh = async () => {
    await roles.refetch();
  };

  const columns: ColumnsType<Role> = [
    { title: t('roles:field.name'), dataIndex: 'name' },
    { title: t('roles:field.code'), dataIndex: 'code' },
    {
      title: t('roles:field.builtIn'),
      dataIndex: 'builtIn',
      render: (v: boolean) => (
        <Tag color={v ? 'blue' : 'default'}>{v ? t('roles:builtIn') : t('roles:custom')}</Tag>
      ),
    },
    { title: t('roles:field.holders'), dataIndex: 'holderCount', width: 110 },
    { title: t('roles:field.permissions'), key: 'count', width: 110, render: (_, r) => r.permissions.length },
    {
      title: t('roles:scope.column'),
      dataIndex: 'dataScope',
      width: 150,
      render: (_, r) =>
        r.dataScope === 'bases'
          ? `${t('roles:scope.bases')} (${r.baseIds.length})`
          : t(`roles:scope.${r.dataScope}`),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 220,
      render: (_, r) => (
        <RowActions
          leading={
            <PermissionGuard codes={[ROLE_CODES.create]}>
              <Button type="link" size="small" onClick={() => setDialog({ mode: 'copy', role: r })}>
                {t('roles:action.copy')}
              </Button>
            </PermissionGuard>
          }
          onEdit={() => setDialog({ mode: 'edit', role: r })}
          editCode={ROLE_CODES.edit}
          onDelete={
            r.builtIn
              ? undefined
              : () => confirmDelete(r.name, () => rolesApi.remove(tenantId, r.id), refresh)
          }
          deleteCode={ROLE_CODES.delete}
        />
      ),
    },
  ];

  return (
    <section className="tl-card">
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>
        <PermissionGuard codes={[ROLE_CODES.create]}>
          <Button type="primary" onClick={() => setDialog({ mode: 'create' })}>
            {t('roles:action.add')}
          </Button>
        </PermissionGuard>
      </div>
      <Table<Role>
        rowKey="id"
        loading={roles.isLoading}
        dataSource={roles.data ?? []}
        columns={columns}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: <EmptyState title={t('roles:empty')} /> }}
      />
      <RoleDrawer tenantId={tenantId} dialog={dialog} onClose={() => setDialog(null)} />
    </section>
  );
}
