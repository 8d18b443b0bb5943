import Button from 'antd/es/button';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { formatDateTime } from '../../../shared/format/time';
import { useShell } from '../../../shell/ShellContext';
import { type Identification, identifyApi, identifyKeys } from './identify.api';
import { formatConfidence } from './identifyModel';
import { PhotoImage } from './PhotoImage';

const STATUSES = ['identified', 'uncertain', 'refused', 'unconfigured'] as const;
const STATUS_COLOR = {
  identified: 'success',
  uncertain: 'warning',
  refused: 'error',
  unconfigured: 'default',
} as const;

/** Past identifications, latest first: photo, answer, when and how often; each can go to an expert. */
export function HistoryTab({ onOpenEntry }: { onOpenEntry: (knowledgeId: number) => void }) {
  const { t, i18n } = useTranslation(['identify', 'common']);
  const { tenantId } = useShell();
  const navigate = useNavigate();
  const key = useMemo(() => identifyKeys.history(tenantId), [tenantId]);
  const list = usePagedList<Identification>(key, (q) => identifyApi.history(tenantId, q));
  const fields: FilterField[] = [
    {
      name: 'status',
      label: t('identify:history.status'),
      type: 'select',
      options: STATUSES.map((s) => ({ value: s, label: t(`identify:status.${s}`) })),
    },
    {
      name: 'mine',
      label: t('identify:history.mine'),
      type: 'select',
      options: [{ value: 1, label: t('identify:history.mineOnly') }],
    },
  ];
  const columns: ColumnsType<Identification> = [
    {
      title: t('identify:photo'),
      dataIndex: 'photoUrl',
      width: 90,
      render: (u: string) => <PhotoImage url={u} size={56} alt={t('identify:photo')} />,
    },
    {
      title: t('identify:history.status'),
      dataIndex: 'status',
      width: 120,
      render: (s: Identification['status']) => <Tag color={STATUS_COLOR[s]}>{t(`identify:status.${s}`)}</Tag>,
    },
    {
      title: t('identify:history.answer'),
      key: 'answer',
      render: (_, r) =>
        r.candidates[0] ? (
          <span>
            {r.candidates[0].knowledgeId ? (
              <Button
                type="link"
                style={{ padding: 0 }}
                onClick={() => onOpenEntry(r.candidates[0]?.knowledgeId as number)}
              >
                {r.candidates[0].name}
              </Button>
            ) : (
              r.candidates[0].name
            )}{' '}
            {formatConfidence(r.candidates[0].confidence, i18n.language)}
          </span>
        ) : (
          '—'
        ),
    },
    { title: t('identify:history.runs'), dataIndex: 'runCount', width: 90 },
    {
      title: t('identify:history.when'),
      dataIndex: 'lastIdentifiedAt',
      width: 180,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 130,
      render: (_, r) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => navigate(r.expertUrl)}>
          {t('identify:askExpert')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <FilterBar fields={fields} onSearch={list.search} />
      <PagedTable<Identification>
        list={list}
        rowKey="identificationId"
        columns={columns}
        scroll={{ x: 900 }}
        empty={{ title: t('identify:history.empty') }}
      />
    </>
  );
}
