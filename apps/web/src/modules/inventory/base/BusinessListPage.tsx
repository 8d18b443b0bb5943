import { INV_BUSINESS_CATEGORIES } from '@tilth/contracts/inventory.base.types';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { FilterField } from '../../../shared/FilterBar/FilterBar';
import { NO_DATA } from '../../../shared/format/number';
import { useShell } from '../../../shell/ShellContext';
import { businessApi, INV_BASE_CODES, INV_BASE_PATHS, type InvBusiness, invBaseKeys } from './baseData.api';
import { BaseListFrame, useBaseList, withFlag } from './components/BaseListFrame';
import { enabledFilterOptions } from './components/baseUi';

const CATEGORY_COLOR = { supplier: 'blue', customer: 'green', both: 'purple' } as const;

/** Counterparties (inventory/base/businesses): suppliers, customers or both. */
export function BusinessListPage() {
  const { t } = useTranslation(['invBase', 'common']);
  const { tenantId } = useShell();
  const navigate = useNavigate();
  const listKey = useMemo(() => invBaseKeys.businesses(tenantId), [tenantId]);
  const base = useBaseList({
    listKey,
    api: businessApi,
    code: INV_BASE_CODES.businesses,
    toggleBody: withFlag,
    nameOf: (b) => b.businessName,
  });

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
    base.enabledColumn,
    base.actionsColumn((b) => navigate(INV_BASE_PATHS.businessEdit(b.id)), { fixed: true }),
  ];

  return (
    <BaseListFrame<InvBusiness>
      base={base}
      fields={fields}
      columns={columns}
      scrollX={1200}
      onAdd={() => navigate(INV_BASE_PATHS.businessAdd)}
      addText="invBase:business.add"
      emptyText="invBase:business.empty"
    />
  );
}
