import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Pagination from 'antd/es/pagination';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FARM_HOME } from '../../app/modules';
import { selectArea } from '../../shared/area/areaStore';
import { EmptyState } from '../../shared/EmptyState/EmptyState';
import { useMessage } from '../../shared/FeedbackProvider';
import { resetPermissionCache } from '../../shared/permission/permissionCache';
import { useShell } from '../ShellContext';
import { type Self, shellPorts } from '../shellPorts';
import { resetPanes } from '../tabs/paneStore';

/** Spec 01 §9: the tenant list pages by 10 in a 540 px modal. */
const PAGE_SIZE = 10;

/** Change enterprise (spec 01 §2.10, §4): switch the current tenant, or mark one as default. */
export function TenantSwitchModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const message = useMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { self } = useShell();
  const ports = shellPorts();
  const [page, setPage] = useState(0);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState<number | null>(null);

  const tenants = useQuery({
    queryKey: ['self-tenants', page, name],
    queryFn: () => ports.tenantsPage({ page, size: PAGE_SIZE, tenantName: name || undefined }),
    enabled: open,
    placeholderData: (previous) => previous,
  });

  const switchTo = async (tenantId: number) => {
    setBusy(tenantId);
    try {
      const next = await ports.switchTenant(tenantId);
      // The new tenant first, so no screen pairs it with the old tenant's data; then nothing of the old one
      // may linger: its base, tabs, cached pages and permissions.
      queryClient.setQueryData<Self>(ports.selfQueryKey, next);
      selectArea(null);
      resetPanes();
      resetPermissionCache();
      await queryClient.resetQueries({ queryKey: ['permissions'] });
      onClose();
      navigate(FARM_HOME, { replace: true });
      message.success(t('tenant.switched'));
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(null);
    }
  };

  const setDefault = async (tenantId: number) => {
    try {
      queryClient.setQueryData<Self>(ports.selfQueryKey, await ports.setDefaultTenant(tenantId));
      await tenants.refetch();
      message.success(t('tenant.defaultSet'));
    } catch {
      // Shown by the API client.
    }
  };

  const list = tenants.data?.content ?? [];
  return (
    <Modal open={open} width={540} title={t('tenant.title')} footer={null} onCancel={onClose} destroyOnHidden>
      <Input.Search
        allowClear
        placeholder={t('tenant.search')}
        onSearch={(value) => {
          setName(value.trim());
          setPage(0);
        }}
        style={{ marginBottom: 12 }}
      />
      <Spin spinning={tenants.isFetching}>
        {list.length === 0 && !tenants.isPending ? (
          <EmptyState variant={name ? 'noSearchResult' : 'noData'} size="small" />
        ) : (
          <ul className="tl-tenants">
            {list.map((tenant) => {
              const current = tenant.tenantId === self.tenantId;
              const isDefault = tenant.defaultFlag === 1 || tenant.tenantId === self.defaultTenantId;
              return (
                <li
                  key={tenant.tenantId}
                  className={`tl-tenants__row${current ? ' tl-tenants__row--current' : ''}`}
                >
                  <div className="tl-tenants__info">
                    <div className="tl-tenants__name">
                      {tenant.tenantName}
                      {current ? <Tag color="green">{t('tenant.current')}</Tag> : null}
                    </div>
                    <div className="tl-tenants__num">{tenant.tenantNum}</div>
                  </div>
                  <Checkbox
                    checked={isDefault}
                    disabled={isDefault}
                    onChange={() => void setDefault(tenant.tenantId)}
                  >
                    {t('tenant.default')}
                  </Checkbox>
                  <Button
                    type={current ? 'default' : 'primary'}
                    size="small"
                    disabled={current}
                    loading={busy === tenant.tenantId}
                    onClick={() => void switchTo(tenant.tenantId)}
                  >
                    {current ? t('tenant.inUse') : t('tenant.switch')}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </Spin>
      {(tenants.data?.totalElements ?? 0) > PAGE_SIZE ? (
        <Pagination
          size="small"
          align="end"
          current={page + 1}
          pageSize={PAGE_SIZE}
          total={tenants.data?.totalElements ?? 0}
          onChange={(p) => setPage(p - 1)}
          style={{ marginTop: 12 }}
        />
      ) : null}
    </Modal>
  );
}
