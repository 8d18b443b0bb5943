import { useQuery, useQueryClient } from '@tanstack/react-query';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectArea, useSelectedArea } from '../../../../shared/area/areaStore';
import { PagedTable } from '../../../../shared/crud/PagedTable';
import { RowActions } from '../../../../shared/crud/RowActions';
import { useConfirmDelete } from '../../../../shared/crud/useConfirmDelete';
import { usePagedList } from '../../../../shared/crud/usePagedList';
import { FilterBar, type FilterField } from '../../../../shared/FilterBar/FilterBar';
import { formatDateTime } from '../../../../shared/format/time';
import { useShell } from '../../../../shell/ShellContext';
import { type Area, baseApi, baseKeys } from '../api/base.api';
import { BASE_USAGES, parseCenter } from '../baseForm';
import { BaseFormModal } from '../components/BaseFormModal';

export const BASE_CODES = {
  create: 'wfpf.farm.farm.base.ps.create',
  edit: 'wfpf.farm.farm.base.ps.edit',
  delete: 'wfpf.farm.farm.base.ps.delete',
} as const;

/** Bases of the tenant (farm/base, also system/basemanage): list, filters, add, edit, delete. */
export function BasePage() {
  const { t } = useTranslation(['farmBase', 'common']);
  const { tenantId } = useShell();
  const confirmDelete = useConfirmDelete();
  const queryClient = useQueryClient();
  const selected = useSelectedArea();
  const key = useMemo(() => baseKeys.list(tenantId), [tenantId]);
  const list = usePagedList<Area>(key, (q) =>
    baseApi.page(tenantId, {
      page: q.page,
      size: q.size,
      areaName: typeof q.areaName === 'string' ? q.areaName : undefined,
      areaUsage: typeof q.areaUsage === 'string' ? q.areaUsage : undefined,
    }),
  );
  const [editing, setEditing] = useState<{ area: Area | null } | null>(null);

  const fields: FilterField[] = [
    { name: 'areaName', label: t('farmBase:field.areaName'), type: 'text' },
    {
      name: 'areaUsage',
      label: t('farmBase:field.areaUsage'),
      type: 'select',
      options: BASE_USAGES.map((u) => ({ value: u, label: t(`farmBase:usage.${u}`) })),
    },
  ];

  const remove = (area: Area) =>
    confirmDelete(
      area.areaName,
      async () => {
        await baseApi.remove(tenantId, area);
        if (selected?.areaId === area.areaId) selectArea(null);
      },
      () => queryClient.invalidateQueries({ queryKey: baseKeys.all(tenantId) }),
      { content: t('farmBase:message.deleteHint') },
    );

  // Parents may sit on another page: names come from the whole (small) list of bases.
  const all = useQuery({ queryKey: baseKeys.options(tenantId), queryFn: () => baseApi.all(tenantId) });
  const names = new Map((all.data ?? list.rows).map((a) => [a.areaId, a.areaName]));
  const columns: ColumnsType<Area> = [
    {
      title: t('farmBase:field.areaName'),
      dataIndex: 'areaName',
      render: (_, a) => (
        <Space size={6}>
          <span>{a.areaName}</span>
          {a.defaultFlag === 1 ? <Tag color="green">{t('farmBase:default')}</Tag> : null}
        </Space>
      ),
    },
    { title: t('farmBase:field.areaNum'), dataIndex: 'areaNum', render: (v: string | null) => v || '—' },
    {
      title: t('farmBase:field.areaUsage'),
      dataIndex: 'areaUsage',
      render: (v: string) => (
        <Tag color={v === 'nurture' ? 'blue' : 'green'}>
          {(BASE_USAGES as readonly string[]).includes(v) ? t(`farmBase:usage.${v}`) : v}
        </Tag>
      ),
    },
    {
      title: t('farmBase:field.parent'),
      dataIndex: 'parentId',
      render: (v: number | null) => (v === null ? '—' : (names.get(v) ?? `#${v}`)),
    },
    {
      title: t('farmBase:field.center'),
      dataIndex: 'areaCenter',
      render: (v: string | null) => {
        const c = parseCenter(v);
        return c ? `${c.lat.toFixed(5)}, ${c.lng.toFixed(5)}` : '—';
      },
    },
    {
      title: t('farmBase:field.creationDate'),
      dataIndex: 'creationDate',
      render: (v: string) => formatDateTime(v, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 140,
      render: (_, a) => (
        <RowActions
          onEdit={() => setEditing({ area: a })}
          editCode={BASE_CODES.edit}
          onDelete={() => remove(a)}
          deleteCode={BASE_CODES.delete}
        />
      ),
    },
  ];

  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={() => setEditing({ area: null })}
        addText={t('farmBase:action.add')}
        addCode={BASE_CODES.create}
      />
      <PagedTable<Area>
        list={list}
        rowKey="areaId"
        columns={columns}
        scroll={{ x: 860 }}
        empty={{
          title: t('farmBase:empty'),
          onAdd: () => setEditing({ area: null }),
          addText: t('farmBase:action.add'),
          addCode: BASE_CODES.create,
        }}
      />
      <BaseFormModal
        tenantId={tenantId}
        open={editing !== null}
        area={editing?.area ?? null}
        onClose={() => setEditing(null)}
      />
    </section>
  );
}
