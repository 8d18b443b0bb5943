import type { StrategyOutcome } from '@tilth/contracts/automation.types';
import Drawer from 'antd/es/drawer';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { formatDateTime } from '../../../shared/format/time';
import { automationApi, automationKeys, type Strategy, type StrategyRun } from './automation.api';

export const OUTCOME_COLOR: Readonly<Record<StrategyOutcome, string>> = {
  fired: 'green',
  stopped: 'blue',
  skipped: 'default',
  failed: 'red',
};

/** What a strategy did and why, newest first. */
export function RunsDrawer({
  tenantId,
  strategy,
  onClose,
}: {
  tenantId: number;
  strategy: Strategy | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['automation', 'common']);
  const id = strategy?.id ?? 0;
  const key = useMemo(() => automationKeys.runs(tenantId, id), [tenantId, id]);
  const list = usePagedList<StrategyRun>(key, (q) => automationApi.runs(tenantId, id, q), {
    enabled: id > 0,
  });
  const columns: ColumnsType<StrategyRun> = [
    {
      title: t('automation:run.at'),
      dataIndex: 'at',
      width: 170,
      render: (v: string) => formatDateTime(v, 'YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: t('automation:run.outcome'),
      dataIndex: 'outcome',
      width: 90,
      render: (o: StrategyOutcome) => <Tag color={OUTCOME_COLOR[o]}>{t(`automation:outcome.${o}`)}</Tag>,
    },
    { title: t('automation:run.message'), dataIndex: 'message' },
    {
      title: t('automation:run.commands'),
      dataIndex: 'commandIds',
      width: 90,
      render: (ids: string[]) => ids.length,
    },
  ];
  return (
    <Drawer
      open={strategy !== null}
      onClose={onClose}
      size="large"
      title={t('automation:run.title', { name: strategy?.name ?? '' })}
    >
      <PagedTable<StrategyRun>
        list={list}
        rowKey="id"
        columns={columns}
        empty={{ title: t('automation:empty') }}
      />
    </Drawer>
  );
}
