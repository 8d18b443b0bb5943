import { useQuery } from '@tanstack/react-query';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { RowActions } from '../../../shared/crud/RowActions';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { useMessage } from '../../../shared/FeedbackProvider';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { NO_DATA } from '../../../shared/format/number';
import { formatDateTime } from '../../../shared/format/time';
import { PermissionGuard } from '../../../shared/permission/PermissionGuard';
import { useShell } from '../../../shell/ShellContext';
import { organizationApi, orgKeys } from '../organization/organization.api';
import { roleKeys, rolesApi } from '../roles/roles.api';
import { ImportModal } from './ImportModal';
import { UnitsModal, unitPaths } from './UnitsModal';
import { AddExistingModal, ResetPasswordModal, RolesModal } from './UserActionModals';
import { UserFormModal } from './UserFormModal';
import { type TenantUserView, USER_CODES, usersApi } from './users.api';

type Dialog =
  | { kind: 'form'; user: TenantUserView | null }
  | { kind: 'existing' }
  | { kind: 'import' }
  | { kind: 'roles'; user: TenantUserView }
  | { kind: 'units'; user: TenantUserView }
  | { kind: 'reset'; user: TenantUserView };

/** Users of the enterprise (system/user-manage): filters, paged list, add, edit, enable, roles, reset, remove. */
export function UsersPage() {
  const { t } = useTranslation(['users', 'common']);
  const { tenantId, self } = useShell();
  // Nobody disables or removes themselves (the server refuses it too).
  const myId = self?.id;
  const { modal } = App.useApp();
  const message = useMessage();
  const key = useMemo(() => ['system', tenantId, 'users'] as const, [tenantId]);
  const list = usePagedList<TenantUserView>(key, (q) => usersApi.page(tenantId, q));
  const roles = useQuery({ queryKey: roleKeys.list(tenantId), queryFn: () => rolesApi.list(tenantId) });
  const roleOptions = (roles.data ?? []).map((r) => ({ value: r.id, label: r.name }));
  // Units by their path (a department's name alone repeats across bases); empty without the tree's code.
  const tree = useQuery({ queryKey: orgKeys.tree(tenantId), queryFn: () => organizationApi.tree(tenantId) });
  const unitFilterOptions = useMemo(() => unitPaths(tree.data ?? []), [tree.data]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  const fields: FilterField[] = [
    { name: 'realName', label: t('users:field.realName'), type: 'text' },
    { name: 'phone', label: t('users:field.phone'), type: 'text' },
    { name: 'roleId', label: t('users:field.roles'), type: 'select', options: roleOptions, showSearch: true },
    {
      name: 'unitId',
      label: t('users:field.units'),
      type: 'select',
      options: unitFilterOptions,
      showSearch: true,
    },
    {
      name: 'enabled',
      label: t('users:field.enabled'),
      type: 'select',
      options: [
        { value: 'true', label: t('users:enabled.true') },
        { value: 'false', label: t('users:enabled.false') },
      ],
    },
  ];

  const toggle = async (u: TenantUserView, enabled: boolean) => {
    try {
      await usersApi.setEnabled(tenantId, u.id, enabled);
      message.success(enabled ? t('users:message.enabled') : t('users:message.disabled'));
      await list.refresh();
    } catch {
      // Shown by the API client (the last administrator, yourself …).
    }
  };

  const remove = (u: TenantUserView) =>
    modal.confirm({
      title: t('users:remove.confirm', { name: u.realName }),
      content: t('users:remove.help'),
      okButtonProps: { danger: true },
      okText: t('users:action.remove'),
      cancelText: t('common:action.cancel'),
      onOk: async () => {
        try {
          await usersApi.remove(tenantId, u.id);
          message.success(t('users:message.removed'));
          await list.refresh();
        } catch {
          // Shown by the API client.
        }
      },
    });

  const columns: ColumnsType<TenantUserView> = [
    { title: t('users:field.realName'), dataIndex: 'realName' },
    { title: t('users:field.phone'), dataIndex: 'phone', render: (v: string | null) => v || '—' },
    {
      title: t('users:field.roles'),
      dataIndex: 'roleNames',
      render: (names: string[]) => (names.length ? names.map((n) => <Tag key={n}>{n}</Tag>) : '—'),
    },
    {
      title: t('users:field.units'),
      dataIndex: 'unitNames',
      render: (names: string[]) => (names.length ? names.map((n) => <Tag key={n}>{n}</Tag>) : NO_DATA),
    },
    {
      title: t('users:field.enabled'),
      dataIndex: 'enabled',
      width: 100,
      render: (v: boolean, u) => (
        <PermissionGuard
          codes={[USER_CODES.edit]}
          fallback={v ? t('users:enabled.true') : t('users:enabled.false')}
        >
          <Switch
            size="small"
            checked={v}
            disabled={u.id === myId}
            onChange={(next) => void toggle(u, next)}
          />
        </PermissionGuard>
      ),
    },
    {
      title: t('users:field.lastSignIn'),
      dataIndex: 'lastSignInAt',
      render: (v: string | null) => (v ? formatDateTime(v, 'YYYY-MM-DD HH:mm') : t('users:never')),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 360,
      render: (_, u) => (
        <RowActions
          onEdit={() => setDialog({ kind: 'form', user: u })}
          editCode={USER_CODES.edit}
          editExtra={
            <Button type="link" size="small" onClick={() => setDialog({ kind: 'reset', user: u })}>
              {t('users:action.resetPassword')}
            </Button>
          }
          leading={
            <PermissionGuard codes={[USER_CODES.assign]}>
              <Button type="link" size="small" onClick={() => setDialog({ kind: 'roles', user: u })}>
                {t('users:action.roles')}
              </Button>
              {/* Units are set with the organisation's edit code (the tree's staff lists use it too). */}
              <PermissionGuard codes={['wfpf.company.system.organization.ps.edit']}>
                <Button type="link" size="small" onClick={() => setDialog({ kind: 'units', user: u })}>
                  {t('users:action.units')}
                </Button>
              </PermissionGuard>
            </PermissionGuard>
          }
          onDelete={u.id === myId ? undefined : () => remove(u)}
          deleteCode={USER_CODES.delete}
        />
      ),
    },
  ];

  const exportQuery = Object.fromEntries(
    Object.entries(list.filters).filter(([, v]) => v !== undefined && !Array.isArray(v)),
  ) as Record<string, string | number>;

  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={() => setDialog({ kind: 'form', user: null })}
        addText={t('users:action.add')}
        addCode={USER_CODES.create}
      />
      <Space style={{ marginBottom: 12 }} wrap>
        <PermissionGuard codes={[USER_CODES.create]}>
          <Button onClick={() => setDialog({ kind: 'existing' })}>{t('users:action.addExisting')}</Button>
          <Button onClick={() => setDialog({ kind: 'import' })}>{t('users:action.import')}</Button>
        </PermissionGuard>
        <Button onClick={() => void usersApi.exportList(tenantId, exportQuery).catch(() => undefined)}>
          {t('users:action.export')}
        </Button>
      </Space>
      <PagedTable<TenantUserView>
        list={list}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1000 }}
        empty={{
          title: t('users:empty'),
          onAdd: () => setDialog({ kind: 'form', user: null }),
          addText: t('users:action.add'),
          addCode: USER_CODES.create,
        }}
      />
      <UserFormModal
        tenantId={tenantId}
        open={dialog?.kind === 'form'}
        user={dialog?.kind === 'form' ? dialog.user : null}
        roles={roleOptions}
        onClose={close}
      />
      <AddExistingModal
        tenantId={tenantId}
        open={dialog?.kind === 'existing'}
        roles={roleOptions}
        onClose={close}
      />
      <ImportModal tenantId={tenantId} open={dialog?.kind === 'import'} onClose={close} />
      <RolesModal
        tenantId={tenantId}
        user={dialog?.kind === 'roles' ? dialog.user : null}
        roles={roleOptions}
        onClose={close}
      />
      <UnitsModal tenantId={tenantId} user={dialog?.kind === 'units' ? dialog.user : null} onClose={close} />
      <ResetPasswordModal
        tenantId={tenantId}
        user={dialog?.kind === 'reset' ? dialog.user : null}
        onClose={close}
      />
    </section>
  );
}
