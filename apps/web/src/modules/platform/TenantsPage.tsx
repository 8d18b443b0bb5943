import App from 'antd/es/app';
import Button from 'antd/es/button';
import Switch from 'antd/es/switch';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../shared/crud/PagedTable';
import { RowActions } from '../../shared/crud/RowActions';
import { usePagedList } from '../../shared/crud/usePagedList';
import { useMessage } from '../../shared/FeedbackProvider';
import { FilterBar, type FilterField } from '../../shared/FilterBar/FilterBar';
import { formatDateTime } from '../../shared/format/time';
import { PlatformGate } from './PlatformGate';
import { type PlatformTenant, platformApi, platformKeys } from './platform.api';
import { TenantDrawer } from './TenantDrawer';
import { TenantFormModal } from './TenantFormModal';

/** The platform tenant, which is never disabled (the server refuses it too). */
const PLATFORM_TENANT_ID = 0;

/** The platform administrator's tenants: filters, list, create, edit, enable/disable, domains and screens. */
export function TenantsPage() {
  return (
    <PlatformGate>
      <TenantsList />
    </PlatformGate>
  );
}

function TenantsList() {
  const { t } = useTranslation(['platform', 'common']);
  const { modal } = App.useApp();
  const message = useMessage();
  const list = usePagedList<PlatformTenant>(platformKeys.tenants, (q) => platformApi.tenants(q));
  const [form, setForm] = useState<{ tenant: PlatformTenant | null } | null>(null);
  const [detail, setDetail] = useState<PlatformTenant | null>(null);

  const fields: FilterField[] = [
    { name: 'tenantName', label: t('platform:field.tenantName'), type: 'text' },
    { name: 'tenantNum', label: t('platform:field.tenantNum'), type: 'text' },
    {
      name: 'enabled',
      label: t('platform:field.enabled'),
      type: 'select',
      options: [
        { value: 'true', label: t('platform:enabled.true') },
        { value: 'false', label: t('platform:enabled.false') },
      ],
    },
  ];

  const toggle = (tenant: PlatformTenant, enabled: boolean) => {
    const apply = async () => {
      try {
        await platformApi.setEnabled(tenant, enabled);
        message.success(enabled ? t('platform:message.enabled') : t('platform:message.disabled'));
        await list.refresh();
      } catch {
        // Shown by the API client (stale version …).
      }
    };
    if (enabled) return void apply();
    // Disabling locks every member out of the tenant at once: ask first.
    modal.confirm({
      title: t('platform:confirm.disable', { name: tenant.tenantName }),
      content: t('platform:confirm.disableHelp', { count: tenant.memberCount }),
      okButtonProps: { danger: true },
      okText: t('platform:action.disable'),
      cancelText: t('common:action.cancel'),
      onOk: apply,
    });
  };

  const columns: ColumnsType<PlatformTenant> = [
    { title: t('platform:field.tenantName'), dataIndex: 'tenantName' },
    { title: t('platform:field.tenantNum'), dataIndex: 'tenantNum', width: 120 },
    { title: t('platform:field.memberCount'), dataIndex: 'memberCount', width: 90 },
    { title: t('platform:field.timeZone'), dataIndex: 'timeZone', width: 150 },
    {
      title: t('platform:field.domains'),
      dataIndex: 'domains',
      render: (names: string[]) => (names.length ? names.map((n) => <Tag key={n}>{n}</Tag>) : '—'),
    },
    {
      title: t('platform:field.creationDate'),
      dataIndex: 'creationDate',
      width: 150,
      render: (v: string) => formatDateTime(v, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: t('platform:field.enabled'),
      dataIndex: 'enabled',
      width: 90,
      render: (v: boolean, tenant) => (
        <Switch
          size="small"
          checked={v}
          disabled={tenant.id === PLATFORM_TENANT_ID}
          aria-label={t('platform:field.enabled')}
          onChange={(next) => toggle(tenant, next)}
        />
      ),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 220,
      render: (_, tenant) => (
        <RowActions
          leading={
            <Button type="link" size="small" onClick={() => setDetail(tenant)}>
              {t('platform:action.domainsAndScreens')}
            </Button>
          }
          onEdit={() => setForm({ tenant })}
        />
      ),
    },
  ];

  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={() => setForm({ tenant: null })}
        addText={t('platform:action.create')}
      />
      <PagedTable<PlatformTenant>
        list={list}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1100 }}
        empty={{
          title: t('platform:empty.tenants'),
          onAdd: () => setForm({ tenant: null }),
          addText: t('platform:action.create'),
        }}
      />
      <TenantFormModal open={form !== null} tenant={form?.tenant ?? null} onClose={() => setForm(null)} />
      <TenantDrawer tenant={detail} onClose={() => setDetail(null)} onChanged={() => void list.refresh()} />
    </section>
  );
}
