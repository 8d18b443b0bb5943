import Button from 'antd/es/button';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { RowActions } from '../../../shared/crud/RowActions';
import { useConfirmDelete } from '../../../shared/crud/useConfirmDelete';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { useShell } from '../../../shell/ShellContext';
import { IDENTIFY_CODES, identifyApi, identifyKeys, type PestKnowledge } from './identify.api';
import { KnowledgeEditModal } from './KnowledgeEditModal';

/** Browse and search the pest and disease knowledge base; holders of the knowledge code edit it. */
export function KnowledgeTab({ onOpenEntry }: { onOpenEntry: (knowledgeId: number) => void }) {
  const { t, i18n } = useTranslation(['identify', 'common']);
  const en = i18n.language === 'en-US';
  const { tenantId } = useShell();
  const confirmDelete = useConfirmDelete();
  const key = useMemo(() => identifyKeys.knowledge(tenantId), [tenantId]);
  const list = usePagedList<PestKnowledge>(key, (q) => identifyApi.knowledge(tenantId, q));
  const [editing, setEditing] = useState<PestKnowledge | 'new' | null>(null);

  const fields: FilterField[] = [
    { name: 'q', label: t('identify:knowledge.search'), type: 'text' },
    {
      name: 'kind',
      label: t('identify:knowledge.kind'),
      type: 'select',
      options: (['pest', 'disease'] as const).map((k) => ({ value: k, label: t(`identify:kind.${k}`) })),
    },
    { name: 'crop', label: t('identify:knowledge.crops'), type: 'text' },
  ];
  const columns: ColumnsType<PestKnowledge> = [
    {
      title: t('identify:knowledge.name'),
      dataIndex: 'name',
      render: (n: string, k) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => onOpenEntry(k.knowledgeId)}>
          {n}
        </Button>
      ),
    },
    {
      title: t('identify:knowledge.kind'),
      dataIndex: 'kind',
      width: 100,
      render: (k: PestKnowledge['kind']) => (
        <Tag color={k === 'pest' ? 'orange' : 'purple'}>{t(`identify:kind.${k}`)}</Tag>
      ),
    },
    {
      title: t('identify:knowledge.crops'),
      key: 'crops',
      render: (_, k) => (en ? k.cropsEn : k.cropsZh).join(en ? ', ' : '、'),
    },
    {
      title: t('identify:knowledge.latin'),
      dataIndex: 'latinName',
      ellipsis: true,
      render: (v: string | null) => (v ? <i>{v}</i> : '—'),
    },
    {
      title: t('identify:knowledge.origin'),
      key: 'origin',
      width: 130,
      render: (_, k) =>
        t(
          k.origin === 'platform'
            ? 'identify:origin.platform'
            : k.overridesPlatform
              ? 'identify:origin.override'
              : 'identify:origin.tenant',
        ),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 140,
      fixed: 'right',
      render: (_, k) => (
        <RowActions
          onEdit={() => setEditing(k)}
          editCode={IDENTIFY_CODES.knowledge}
          onDelete={
            k.origin === 'tenant'
              ? () => confirmDelete(k.name, () => identifyApi.remove(tenantId, k), list.refresh)
              : undefined
          }
          deleteCode={IDENTIFY_CODES.knowledge}
        />
      ),
    },
  ];
  return (
    <>
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={() => setEditing('new')}
        addText={t('identify:knowledge.add')}
        addCode={IDENTIFY_CODES.knowledge}
      />
      <PagedTable<PestKnowledge>
        list={list}
        rowKey="knowledgeId"
        columns={columns}
        scroll={{ x: 900 }}
        empty={{ title: t('identify:knowledge.empty') }}
      />
      <KnowledgeEditModal
        open={editing !== null}
        entry={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void list.refresh();
        }}
      />
    </>
  );
}
