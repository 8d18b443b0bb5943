import { INV_BUSINESS_CATEGORIES } from '@tilth/contracts/inventory.base.types';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { RowActions } from '../../../shared/crud/RowActions';
import { useConfirmDelete } from '../../../shared/crud/useConfirmDelete';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { NO_DATA } from '../../../shared/format/number';
import { useShell } from '../../../shell/ShellContext';
import { businessApi, INV_BASE_CODES, INV_BASE_PATHS, type InvBusiness, invBaseKeys } from './baseData.api';
import { EnabledSwitch, enabledFilterOptions } from './components/baseUi';

const CATEGORY_COLOR = { supplier: 'blue', customer: 'green', both: 'purple' } as const;

/** Counterparties (inventory/base/businesses): suppliers, customers or both. */
export function BusinessListPage() {
  const { t } = useTranslation(['invBase', 'common']);
  const { tenantId } = useShell();
  const navigate = useNavigate();
  const confirmDelete = useConfirmDelete();
  const key = useMemo(() => invBaseKeys.businesses(tenantId), [tenantId]);
  const list = usePagedList<InvBusiness>(key, (q) => businessApi.page(tenantId, q));
  const code = INV_BASE_CODES.businesses;

  const fields: FilterField[] = [
    { name: 'keyword', label: t('invBase:business.keyword'), type: 'text' },
    {
      name: 'category',
      label: t('invBase:business.category'),
      type: 'select',
      options: INV_BUSINESS_CATEGORIES.map((c) => ({ value: c, label: t(`invBase:category.${c}`) })),
    },
    {
      name: 'enabledFlag',
      label: t('invBase:field.enabled'),
      type: 'select',
      options: enabledFilterOptions(t),
    },
  ];
  const text = (v: string | null) => v || NO_DATA;
  const columns: ColumnsType<InvBusiness> = [
    { title: t('invBase:business.businessCode'), dataIndex: 'businessCode', width: 140 },
    { title: t('invBase:business.businessName'), dataIndex: 'businessName' },
    {
      title: t('invBase:business.category'),
      dataIndex: 'category',
      render: (c: InvBusiness['category']) => (
        <Tag color={CATEGORY_COLOR[c]}>{t(`invBase:category.${c}`)}</Tag>
      ),
    },
    { title: t('invBase:business.contactName'), dataIndex: 'contactName', render: text },
    { title: t('invBase:business.contactPhone'), dataIndex: 'contactPhone', render: text },
    { title: t('invBase:business.bankName'), dataIndex: 'bankName', render: text },
    { title: t('invBase:business.taxNo'), dataIndex: 'taxNo', render: text },
    {
      title: t('invBase:field.enabled'),
      dataIndex: 'enabledFlag',
      render: (_, b) => (
        <EnabledSwitch
          flag={b.enabledFlag}
          code={code}
          onToggle={async (enabledFlag) => {
            await businessApi.update(tenantId, b.id, { ...b, enabledFlag });
            await list.refresh();
          }}
        />
      ),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 140,
      fixed: 'right',
      render: (_, b) => (
        <RowActions
          onEdit={() => navigate(INV_BASE_PATHS.businessEdit(b.id))}
          editCode={code}
          onDelete={() =>
            confirmDelete(
              b.businessName,
              () => businessApi.remove(tenantId, b.id, b.objectVersionNumber),
              list.refresh,
              {
                content: t('invBase:deleteHint'),
              },
            )
          }
          deleteCode={code}
        />
      ),
    },
  ];
  const add = () => navigate(INV_BASE_PATHS.businessAdd);

  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={add}
        addText={t('invBase:business.add')}
        addCode={code}
      />
      <PagedTable<InvBusiness>
        list={list}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1200 }}
        empty={{
          title: t('invBase:business.empty'),
          onAdd: add,
          addText: t('invBase:business.add'),
          addCode: code,
        }}
      />
    </section>
  );
}
