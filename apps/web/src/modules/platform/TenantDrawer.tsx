import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../../shared/crud/RowActions';
import { useConfirmDelete } from '../../shared/crud/useConfirmDelete';
import { EmptyState } from '../../shared/EmptyState/EmptyState';
import { DomainFormModal } from './DomainFormModal';
import {
  type PlatformTenant,
  platformApi,
  platformKeys,
  type TenantDomain,
  type TenantScreen,
} from './platform.api';
import { ScreenFormModal } from './ScreenFormModal';

interface Props {
  tenant: PlatformTenant | null;
  onClose: () => void;
  /** The tenant list shows each tenant's domains: refreshed after a domain change. */
  onChanged: () => void;
}

/** A tenant's domains with their brand, and its visualization screens. */
export function TenantDrawer({ tenant, onClose, onChanged }: Props) {
  const { t } = useTranslation(['platform', 'common']);
  return (
    <Drawer
      open={tenant !== null}
      onClose={onClose}
      size={860}
      title={tenant ? `${tenant.tenantName} · ${tenant.tenantNum}` : ''}
      destroyOnHidden
    >
      {tenant ? (
        <Tabs
          items={[
            {
              key: 'domains',
              label: t('platform:tab.domains'),
              children: <DomainsTab tenantId={tenant.id} onChanged={onChanged} />,
            },
            {
              key: 'screens',
              label: t('platform:tab.screens'),
              children: <ScreensTab tenantId={tenant.id} />,
            },
          ]}
        />
      ) : null}
    </Drawer>
  );
}

function DomainsTab({ tenantId, onChanged }: { tenantId: number; onChanged: () => void }) {
  const { t } = useTranslation(['platform', 'common']);
  const confirmDelete = useConfirmDelete();
  const domains = useQuery({
    queryKey: platformKeys.domains(tenantId),
    queryFn: () => platformApi.domains(tenantId),
  });
  const [editing, setEditing] = useState<TenantDomain | null | undefined>(undefined);
  const close = () => {
    setEditing(undefined);
    onChanged();
  };

  const remove = (d: TenantDomain) =>
    confirmDelete(
      d.domainName,
      () => platformApi.removeDomain(d),
      async () => {
        await domains.refetch();
        onChanged();
      },
    );

  const columns: ColumnsType<TenantDomain> = [
    { title: t('platform:field.domainName'), dataIndex: 'domainName' },
    { title: t('platform:brand.loginTitle'), render: (_, d) => d.brand.loginTitle || '—' },
    {
      title: t('platform:field.brand'),
      render: (_, d) => {
        const set = Object.keys(d.brand).filter((k) => d.brand[k]);
        return set.length
          ? set.map((k) => <Tag key={k}>{t(`platform:brand.${k}`)}</Tag>)
          : t('platform:brand.default');
      },
    },
    {
      title: t('common:action.operation'),
      width: 140,
      render: (_, d) => <RowActions onEdit={() => setEditing(d)} onDelete={() => remove(d)} />,
    },
  ];

  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => setEditing(null)}>
          {t('platform:action.addDomain')}
        </Button>
      </Space>
      <Table<TenantDomain>
        rowKey="domainName"
        size="small"
        loading={domains.isFetching}
        dataSource={domains.data ?? []}
        columns={columns}
        pagination={false}
        locale={{
          emptyText: (
            <EmptyState
              size="small"
              title={t('platform:empty.domains')}
              onAdd={() => setEditing(null)}
              addText={t('platform:action.addDomain')}
            />
          ),
        }}
      />
      <DomainFormModal
        tenantId={tenantId}
        open={editing !== undefined}
        domain={editing ?? null}
        onClose={close}
      />
    </>
  );
}

function ScreensTab({ tenantId }: { tenantId: number }) {
  const { t } = useTranslation(['platform', 'common']);
  const confirmDelete = useConfirmDelete();
  const screens = useQuery({
    queryKey: platformKeys.screens(tenantId),
    queryFn: () => platformApi.screens(tenantId),
  });
  const [editing, setEditing] = useState<TenantScreen | null | undefined>(undefined);

  const remove = (s: TenantScreen) =>
    confirmDelete(
      s.screenName,
      () => platformApi.removeScreen(tenantId, s),
      () => screens.refetch(),
    );

  const columns: ColumnsType<TenantScreen> = [
    { title: t('platform:screen.name'), dataIndex: 'screenName' },
    {
      title: t('platform:screen.address'),
      dataIndex: 'screenAddress',
      ellipsis: true,
      render: (v: string) => (
        <a href={v} target="_blank" rel="noopener noreferrer">
          {v}
        </a>
      ),
    },
    {
      title: t('platform:screen.type'),
      dataIndex: 'screenType',
      width: 140,
      render: (v: number) => (v === 2 ? t('platform:screen.type2') : t('platform:screen.type1')),
    },
    { title: t('platform:screen.sort'), dataIndex: 'sort', width: 70 },
    {
      title: t('common:action.operation'),
      width: 140,
      render: (_, s) => <RowActions onEdit={() => setEditing(s)} onDelete={() => remove(s)} />,
    },
  ];

  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => setEditing(null)}>
          {t('platform:action.addScreen')}
        </Button>
      </Space>
      <Table<TenantScreen>
        rowKey="id"
        size="small"
        loading={screens.isFetching}
        dataSource={screens.data ?? []}
        columns={columns}
        pagination={false}
        locale={{
          emptyText: (
            <EmptyState
              size="small"
              title={t('platform:empty.screens')}
              onAdd={() => setEditing(null)}
              addText={t('platform:action.addScreen')}
            />
          ),
        }}
      />
      <ScreenFormModal
        tenantId={tenantId}
        open={editing !== undefined}
        screen={editing ?? null}
        onClose={() => setEditing(undefined)}
      />
    </>
  );
}
